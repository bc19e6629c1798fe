/**
 * Order status changes on the event stream, through the real order routes:
 * the seller's status move reaches the buyer's stream and the store owner's
 * other tabs; a paid checkout's new order (PENDING) and a dispute decided
 * with a full refund (CANCELLED) too, recorded with the change.
 */
import { buyerOrderSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { decideDispute } from '../../src/money/disputes/service';
import { get, post, put } from '../helpers';
import { checkoutBody, fillCart, initiate, paidOrder, shopWith, signedIn, startBench, type Bench } from '../payments/harness';
import { openStream } from './sse-client';

jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let bench: Bench;
beforeAll(async () => {
  bench = await startBench({ clock });
});
afterAll(async () => bench.close());

const base = () => `http://127.0.0.1:${bench.apiPort}`;

test("a paid checkout's new order reaches the buyer's and the store owner's streams as PENDING", async () => {
  const shop = await shopWith(bench.app, 'Reading lamp', '3,000', 2);
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  const buyerStream = await openStream(base(), { token: buyer.token });
  const sellerStream = await openStream(base(), { token: shop.token });
  try {
    bench.sandbox.act(started.data?.access_code ?? '', 'pay');
    await bench.settle();
    const order = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);
    expect((await buyerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, orderCode: order.orderCode, status: 'PENDING', role: 'buyer' },
    });
    expect((await sellerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, status: 'PENDING', role: 'seller' },
    });
  } finally {
    buyerStream.close();
    sellerStream.close();
  }
});

test("a dispute decided with a full refund sends CANCELLED to the buyer's and the store owner's streams", async () => {
  const shop = await shopWith(bench.app, 'Kettle', '5,000', 2);
  const { buyer, order } = await paidOrder(bench, shop);
  expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
  clock.advance(14 * DAY_MS);
  const opened = await post(
    bench.app,
    `/orders/${order.id}/dispute`,
    { reason: 'It arrived broken and the seller will not swap it.' },
    buyer.token,
  );
  expect(opened.status).toBe(201);
  const disputeId = buyerOrderSchema.parse(opened.body.data).dispute?.id ?? '';
  const buyerStream = await openStream(base(), { token: buyer.token });
  const sellerStream = await openStream(base(), { token: shop.token });
  try {
    await decideDispute(
      bench.app.db,
      disputeId,
      { kind: 'refund', note: 'The seller did not answer.' },
      { config: bench.app.config, now: clock.now() },
    );
    expect((await buyerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, status: 'CANCELLED', role: 'buyer' },
    });
    expect((await sellerStream.waitFor(1))[0]).toMatchObject({
      type: 'order-status',
      data: { orderId: order.id, status: 'CANCELLED', role: 'seller' },
    });
  } finally {
    buyerStream.close();
    sellerStream.close();
  }
});

test("a seller's status move reaches the buyer's and the store owner's streams", async () => {
  const shop = await shopWith(bench.app, 'Desk lamp', '4,000', 2);
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const order = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);

  const buyerStream = await openStream(base(), { token: buyer.token });
  const sellerStream = await openStream(base(), { token: shop.token });
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
