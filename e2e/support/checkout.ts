/**
 * A student buys through the API and the Paystack sandbox, as remote-cart's
 * checkout will do in the browser: fill the cart, start the payment
 * (POST /payments/initiate), pay on the sandbox's hosted checkout page, and
 * wait until the API has turned the payment into orders. While remote-cart's
 * screens are built on another branch, the journeys buy this way; swap
 * `buyThroughApi` for the cart UI path once it exists.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, runtimeConfig } from './accounts';

export interface BuyerOrder {
  id: string;
  orderCode: string;
  orderStatus: string;
  completionCode: string | null;
  totalPrice: string;
  seller: { id: string; catalogueName: string };
  orderItems: Array<{ id: string; quantity: number; rating: number | null; product: { id: string; name: string } }>;
}

export interface Buyer {
  email: string;
  token: string;
  api: string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A demo account's API session (no browser state). */
export async function apiSignIn(request: APIRequestContext, local: string): Promise<Buyer> {
  const config = await runtimeConfig(request);
  const api = `${config.apiBaseUrl}/api/v1`;
  const email = `${local}@${config.university.emailDomain}`;
  const response = await request.post(`${api}/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return { email, api, token: ((await response.json()) as { data: { token: string } }).data.token };
}

/** The buyer's orders, newest first (GET /orders/user), with their completion codes while open. */
export async function buyerOrders(request: APIRequestContext, buyer: Buyer): Promise<BuyerOrder[]> {
  const response = await request.get(`${buyer.api}/orders/user`, { headers: auth(buyer.token) });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: BuyerOrder[] }).data;
}

/**
 * Buys `quantity` of one product: cart, initiate, the sandbox's checkout page
 * in `page` (Pay), then GET /payments/verify until the order exists.
 */
export async function buyThroughApi(
  page: Page,
  request: APIRequestContext,
  buyer: Buyer,
  productId: string,
  quantity = 1,
): Promise<BuyerOrder> {
  const headers = auth(buyer.token);
  // A cart left from an earlier journey would be bought too: start from an empty one.
  await request.delete(`${buyer.api}/cart/clear`, { headers });
  expect((await request.post(`${buyer.api}/cart/add`, { headers, data: { items: [{ productId, quantity }] } })).ok()).toBeTruthy();
  const cart = (
    (await (await request.get(`${buyer.api}/cart`, { headers })).json()) as { data: { cartId: string; totals: { totalPrice: string } } }
  ).data;
  const amount = String(Math.round(Number(cart.totals.totalPrice) * 100));
  const started = await request.post(`${buyer.api}/payments/initiate`, {
    headers,
    data: { email: buyer.email, amount, metadata: { cartId: cart.cartId }, hostelName: 'Moremi Hall', blockNumber: 'B', roomNo: '214' },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  const { authorization_url: url, reference } = ((await started.json()) as { data: { authorization_url: string; reference: string } }).data;

  // The hosted checkout page, as a student sees it.
  await page.goto(url);
  await page.getByRole('button', { name: /^Pay / }).click();

  let order: BuyerOrder | undefined;
  await expect
    .poll(
      async () => {
        const verify = await request.get(`${buyer.api}/payments/verify/${reference}`, { headers });
        const body = (await verify.json()) as { data?: { status: string; orders: BuyerOrder[] } };
        order = body.data?.orders.find((o) => o.orderItems.some((i) => i.product.id === productId));
        return body.data?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('success');
  if (!order) throw new Error(`The payment ${reference} has no order with product ${productId}`);
  return order;
}
