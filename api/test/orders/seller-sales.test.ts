/**
 * The API's figures for the seller back office: what a store sold
 * (GET /sellers/{id}/sales: revenue, orders, unique buyers, units per product,
 * cancelled orders left out) and the search of its order list (q).
 */
import { buyerOrderSchema, sellerSalesSchema, orderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { get, put } from '../helpers';
import { createProduct } from '../catalogue-helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench, type Shop } from '../payments/harness';

jest.setTimeout(60_000);

let bench: Bench;
beforeAll(async () => {
  bench = await startBench();
});
afterAll(async () => bench.close());

async function buy(items: Array<{ productId: string; quantity: number }>, pickup: Record<string, string> = {}) {
  const { app, sandbox } = bench;
  const buyer = await signedIn(app);
  const cart = await fillCart(app, buyer.token, items);
  const started = await initiate(app, buyer.token, checkoutBody(buyer.email, cart, pickup));
  expect(started.status).toBe(200);
  sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const orders = (await get(app, '/orders/user', buyer.token)).body.data as unknown[];
  return { buyer, order: buyerOrderSchema.parse(orders[0]) as BuyerOrder };
}

describe('GET /sellers/{id}/sales', () => {
  let shop: Shop;
  let second: { id: string };
  beforeAll(async () => {
    shop = await shopWith(bench.app, 'Graph notebook', '1,000', 50);
    second = await createProduct(bench.app, shop.token, shop.sellerId, { name: 'Ruler', price: '250', stockQuantity: '20' });
  });

  it('is empty for a store that sold nothing', async () => {
    const fresh = await shopWith(bench.app, 'Unsold lamp', '5,000', 3);
    const res = await get(bench.app, `/sellers/${fresh.sellerId}/sales`, fresh.token);
    expect(res.status).toBe(200);
    expect(sellerSalesSchema.parse(res.body.data)).toEqual({ revenue: '0.00', orderCount: 0, customerCount: 0, products: [] });
  });

  it('counts units per product, revenue and unique buyers over every order; a cancelled order counts for nothing', async () => {
    const first = await buy([
      { productId: shop.product.id, quantity: 3 },
      { productId: second.id, quantity: 2 },
    ]);
    await buy([{ productId: shop.product.id, quantity: 1 }]);
    const cancelled = await buy([{ productId: second.id, quantity: 4 }]);
    expect((await put(bench.app, `/orders/${cancelled.order.id}/status`, { orderStatus: 'CANCELLED' }, shop.token)).status).toBe(200);

    const res = await get(bench.app, `/sellers/${shop.sellerId}/sales`, shop.token);
    expect(res.status).toBe(200);
    const sales = sellerSalesSchema.parse(res.body.data);
    expect(sales.orderCount).toBe(2);
    expect(sales.customerCount).toBe(2);
    // 3 × 1,000 + 2 × 250 + 1 × 1,000
    expect(sales.revenue).toBe('4500.00');
    expect(Object.fromEntries(sales.products.map((p) => [p.productId, p.unitsSold]))).toEqual({ [shop.product.id]: 4, [second.id]: 2 });
    expect(first.order.totalPrice).toBe('3500.00');
  });

  it('is for the store owner only', async () => {
    const other = await signedIn(bench.app);
    expect((await get(bench.app, `/sellers/${shop.sellerId}/sales`, other.token)).status).toBe(403);
    expect((await get(bench.app, `/sellers/${shop.sellerId}/sales`)).status).toBe(401);
    expect((await get(bench.app, '/sellers/no-such-store/sales', shop.token)).status).toBe(404);
  });
});

describe('GET /orders/{sellerId}/seller?q=', () => {
  it('finds orders by hostel, order code or buyer id, and pages the matches', async () => {
    const shop = await shopWith(bench.app, 'Desk fan', '8,000', 10);
    const inQueens = await buy([{ productId: shop.product.id, quantity: 1 }], { hostelName: 'Queen Idia Hall' });
    await buy([{ productId: shop.product.id, quantity: 1 }], { hostelName: 'Kuti Hall' });
    await buy([{ productId: shop.product.id, quantity: 1 }], { hostelName: 'Queen Elizabeth Hall' });

    const list = async (query: string) => {
      const res = await get(bench.app, `/orders/${shop.sellerId}/seller?${query}`, shop.token);
      expect(res.status).toBe(200);
      return {
        ids: (res.body.data as unknown[]).map((o) => orderSchema.parse(o).id),
        pagination: res.body.pagination as { totalItems: number; totalPages: number },
      };
    };
    expect((await list('q=queen')).ids).toHaveLength(2);
    expect((await list('q=queen&limit=1&page=2')).pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect((await list(`q=${inQueens.order.orderCode.toLowerCase()}`)).ids).toEqual([inQueens.order.id]);
    expect((await list(`q=${inQueens.order.userId}`)).ids).toEqual([inQueens.order.id]);
    expect((await list('q=100%25')).ids).toEqual([]);
    expect((await list('')).ids).toHaveLength(3);
  });
});
