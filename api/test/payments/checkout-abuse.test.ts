/**
 * Abuse limits on the money path: checkouts and the buyer's cancels are
 * counted per buyer and per client address (429 with Retry-After), one buyer
 * holds at most MAX_RESERVED_UNITS_PER_BUYER units in unpaid checkouts, and a
 * checkout's hold lapses after RESERVATION_MS (15 minutes).
 */
import { randomUUID } from 'node:crypto';
import { buyerOrderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { MESSAGES } from '@campus/shared/messages';
import { ManualClock } from '../../src/lib/clock';
import { MAX_RESERVED_UNITS_PER_BUYER, RESERVATION_MS } from '../../src/money/payments/checkout-rules';
import { sqlClientOf } from '../../src/search';
import { DEFAULT_RATE_LIMITS, scaledPerAddress } from '../../src/plugins/rate-limits';
import { get, post } from '../helpers';
import { checkoutBody, fillCart, shopWith, signedIn, startBench, type Bench, type Shop } from './harness';

jest.setTimeout(60_000);

const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;
let bench: Bench;

beforeAll(async () => {
  bench = await startBench({
    clock,
    rateLimits: {
      checkout: { perIp: { max: 3, windowMs: 60 * 60 * 1000 }, perUser: { max: 2, windowMs: DAY } },
      cancelOrder: { perIp: { max: 3, windowMs: 60 * 60 * 1000 }, perUser: { max: 2, windowMs: DAY } },
    },
  });
});
afterAll(async () => bench.close());

// The counters live in the database, which the PostgreSQL pass shares between test files: addresses of this file's own.
const ipBase = Math.floor(Math.random() * 250);
let ipCounter = 0;
const freshIp = () => `10.${ipBase}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function checkout(token: string, body: Record<string, unknown>, ip = freshIp()) {
  return post(bench.app, '/payments/initiate', body, token, ip);
}

/** A buyer with a cart of `quantity` units of the shop's product. */
async function buyerWithCart(shop: Shop, quantity = 1) {
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity }]);
  return { ...buyer, body: checkoutBody(buyer.email, cart) };
}

/** A paid (PENDING) order of one unit, bought from a fresh address. */
async function paidOrder(shop: Shop) {
  const buyer = await buyerWithCart(shop);
  const started = await checkout(buyer.token, buyer.body);
  expect(started.status).toBe(200);
  bench.sandbox.act((started.body.data as { access_code: string }).access_code, 'pay');
  await bench.settle();
  const order: BuyerOrder = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);
  return { buyer, order };
}

async function orderStatus(orderId: string): Promise<string | undefined> {
  const { rows } = await sqlClientOf(bench.app).query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  return rows[0]?.status;
}

function expectTooMany(res: { status: number; body: Record<string, unknown>; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MESSAGES.generic.tooManyRequests });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('POST /payments/initiate is limited', () => {
  test('per buyer, from any address: the third checkout within the day is refused with 429 and Retry-After', async () => {
    const shop = await shopWith(bench.app, 'Desk lamp', '4,000', 5);
    const buyer = await buyerWithCart(shop);
    expect((await checkout(buyer.token, buyer.body)).status).toBe(200);
    expect((await checkout(buyer.token, buyer.body)).status).toBe(200);
    const third = await checkout(buyer.token, buyer.body);
    expectTooMany(third);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    // The window ends: the buyer may check out again.
    clock.advance(DAY + 1000);
    expect((await checkout(buyer.token, buyer.body)).status).toBe(200);
  });

  test('per address: the fourth checkout from one address within the hour is refused, whoever asks', async () => {
    const shop = await shopWith(bench.app, 'Kettle', '6,500', 10);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const buyer = await buyerWithCart(shop);
      expect((await checkout(buyer.token, buyer.body, ip)).status).toBe(200);
    }
    const fourth = await buyerWithCart(shop);
    expectTooMany(await checkout(fourth.token, fourth.body, ip));
    // The same buyer from another address is not refused.
    expect((await checkout(fourth.token, fourth.body)).status).toBe(200);
  });

  test('RATE_LIMIT_SCALE multiplies the per-address limits of checkouts and cancels, never the per-buyer ones', () => {
    const scaled = scaledPerAddress(DEFAULT_RATE_LIMITS, 50);
    expect(scaled.checkout.perIp.max).toBe(DEFAULT_RATE_LIMITS.checkout.perIp.max * 50);
    expect(scaled.cancelOrder.perIp.max).toBe(DEFAULT_RATE_LIMITS.cancelOrder.perIp.max * 50);
    expect(scaled.checkout.perUser).toEqual(DEFAULT_RATE_LIMITS.checkout.perUser);
    expect(scaled.cancelOrder.perUser).toEqual(DEFAULT_RATE_LIMITS.cancelOrder.perUser);
  });
});

describe('what one buyer may hold', () => {
  test(`a checkout of more than ${MAX_RESERVED_UNITS_PER_BUYER} units is refused with 409 and the cap named`, async () => {
    const shop = await shopWith(bench.app, 'Exam pencil', '100', 500);
    const greedy = await buyerWithCart(shop, MAX_RESERVED_UNITS_PER_BUYER + 1);
    const refused = await checkout(greedy.token, greedy.body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.payment.reservedCap(MAX_RESERVED_UNITS_PER_BUYER));

    const fair = await buyerWithCart(shop, MAX_RESERVED_UNITS_PER_BUYER);
    expect((await checkout(fair.token, fair.body)).status).toBe(200);
  });

  test('the hold lapses after 15 minutes: the last unit held by an unpaid checkout is free again for the next buyer', async () => {
    expect(RESERVATION_MS).toBe(15 * 60 * 1000);
    const shop = await shopWith(bench.app, 'Last mini fridge', '45,000', 1);
    const first = await buyerWithCart(shop);
    expect((await checkout(first.token, first.body)).status).toBe(200);
    const next = await buyerWithCart(shop);
    clock.advance(14 * 60 * 1000);
    expect((await checkout(next.token, next.body)).status).toBe(409);
    clock.advance(60 * 1000 + 1000);
    expect((await checkout(next.token, next.body)).status).toBe(200);
  });
});

describe("the buyer's cancel is limited", () => {
  test('per buyer: after two cancels (right or refused) within the day the next is refused with 429, and the order stays', async () => {
    const shop = await shopWith(bench.app, 'Rice cooker', '18,000', 5);
    const { buyer, order } = await paidOrder(shop);
    for (let i = 0; i < 2; i += 1) {
      expect((await post(bench.app, `/orders/${randomUUID()}/cancel`, {}, buyer.token, freshIp())).status).toBe(404);
    }
    expectTooMany(await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token, freshIp()));
    expect(await orderStatus(order.id)).toBe('PENDING');
  });

  test('per address: the fourth cancel from one address within the hour is refused', async () => {
    const shop = await shopWith(bench.app, 'Study chair', '12,000', 10);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) {
      const { buyer, order } = await paidOrder(shop);
      expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token, ip)).status).toBe(200);
    }
    const { buyer, order } = await paidOrder(shop);
    expectTooMany(await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token, ip));
    expect(await orderStatus(order.id)).toBe('PENDING');
  });
});
