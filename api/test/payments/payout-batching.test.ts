/**
 * Payouts batched per store (docs/api.md "Fees"), with the production defaults: a store's released money
 * leaves at most once a day and only from ₦1,000, in one transfer with one transfer fee, so a run of small
 * sales does not pay Paystack ₦10 each. Through the real sandbox: the transfers it received are counted.
 */
import { loadConfig } from '../../src/config';
import { ManualClock } from '../../src/lib/clock';
import { sqlClientOf } from '../../src/search';
import { get, post } from '../helpers';
import { paidOrder, shopWith, startBench, type Bench, type Shop } from './harness';

jest.setTimeout(120_000);

const HOUR = 60 * 60 * 1000;
let bench: Bench;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  bench = await startBench({ clock, env: { PAYOUT_INTERVAL_HOURS: '24', PAYOUT_MINIMUM_NAIRA: '1000' } });
});
afterAll(async () => bench.close());

/** A paid order of one unit of the shop's product, completed with the buyer's code, and the reconciliation that follows. */
async function completedOrder(shop: Shop) {
  const { order } = await paidOrder(bench, shop);
  expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(200);
  await reconcile();
}

async function reconcile() {
  await bench.app.payments.reconcile();
  await bench.settle();
  bench.sandbox.settleNow();
  await bench.settle();
}

interface Payouts {
  available: string;
  paidOut: string;
  payouts: Array<{ orderId: string | null; amount: string; fee: string; status: string; reference: string }>;
}

async function payoutsOf(shop: Shop): Promise<Payouts> {
  return (await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as Payouts;
}

async function transferFeeJournals(shop: Shop): Promise<number> {
  const { rows } = await sqlClientOf(bench.app).query<{ n: string }>(
    "SELECT count(DISTINCT journal_id)::text AS n FROM ledger_entries WHERE kind = 'transfer-fee' AND payout_id IN (SELECT id FROM payouts WHERE seller_id = $1)",
    [shop.sellerId],
  );
  return Number(rows[0]?.n ?? 0);
}

describe('payouts batched per store', () => {
  test('small sales wait for the minimum, then leave together in one transfer with one fee', async () => {
    // ₦400 each; Paystack's card fee on ₦400 is ₦6, so ₦394 is released per order.
    const shop = await shopWith(bench.app, 'Pencil set', '400', 10);
    await completedOrder(shop);
    await completedOrder(shop);
    let seen = await payoutsOf(shop);
    expect(seen).toMatchObject({ available: '788.00', paidOut: '0.00', payouts: [] });

    await completedOrder(shop);
    seen = await payoutsOf(shop);
    // ₦1,182 available reached ₦1,000: one payout of ₦1,172 and one ₦10 fee, for three orders.
    expect(seen.payouts).toEqual([expect.objectContaining({ orderId: null, amount: '1172.00', fee: '10.00', status: 'success' })]);
    expect(seen).toMatchObject({ available: '0.00', paidOut: '1172.00' });
    expect(bench.sandbox.store.transfers.filter((t) => t.reference === seen.payouts[0]?.reference)).toEqual([
      expect.objectContaining({ amount: 117_200 }),
    ]);
    expect(await transferFeeJournals(shop)).toBe(1);
  });

  test('a store is paid at most once a day: money released after a payout waits for the next day', async () => {
    const shop = await shopWith(bench.app, 'Lab coat', '2,000', 10);
    await completedOrder(shop);
    expect((await payoutsOf(shop)).payouts).toHaveLength(1);

    await completedOrder(shop);
    await completedOrder(shop);
    clock.advance(23 * HOUR);
    await reconcile();
    let seen = await payoutsOf(shop);
    expect(seen.payouts).toHaveLength(1);
    // ₦2,000 less the ₦30 card fee, twice, waiting.
    expect(seen.available).toBe('3940.00');

    clock.advance(1 * HOUR);
    await reconcile();
    seen = await payoutsOf(shop);
    expect(seen.payouts).toHaveLength(2);
    expect(seen.payouts[0]).toMatchObject({ amount: '3930.00', fee: '10.00', status: 'success' });
    expect(seen.available).toBe('0.00');
    expect(await transferFeeJournals(shop)).toBe(2);
  });

  test("one store's batch never holds another's money", async () => {
    const a = await shopWith(bench.app, 'Desk lamp', '1,500', 5);
    const b = await shopWith(bench.app, 'Kettle', '6,000', 5);
    await completedOrder(a);
    await completedOrder(b);
    const [pa, pb] = [await payoutsOf(a), await payoutsOf(b)];
    // ₦1,500 less ₦22.50; ₦6,000 less ₦190 (1.5% + ₦100), and ₦25 above ₦5,000.
    expect(pa.payouts).toEqual([expect.objectContaining({ amount: '1467.50', fee: '10.00' })]);
    expect(pb.payouts).toEqual([expect.objectContaining({ amount: '5785.00', fee: '25.00' })]);
    expect(pa.payouts[0]?.reference).not.toBe(pb.payouts[0]?.reference);
    // Paystack's API reference, Transfers → Initiate Transfer, `reference`: "a unique identifier (in
    // lowercase) … Only -, _ and alphanumeric characters allowed". A payout's reference keeps to it.
    for (const reference of [pa.payouts[0]?.reference, pb.payouts[0]?.reference]) expect(reference).toMatch(/^[a-z0-9_-]+$/);
  });

  test('a repeated run never queues a second payout for the same money', async () => {
    const shop = await shopWith(bench.app, 'Rice cooker', '8,000', 5);
    const { order } = await paidOrder(bench, shop);
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      200,
    );
    await Promise.all([bench.app.payments.reconcile(), bench.app.payments.reconcile(), bench.app.payments.reconcile()]);
    await bench.settle();
    bench.sandbox.settleNow();
    await bench.settle();
    const { rows } = await sqlClientOf(bench.app).query<{ n: string }>('SELECT count(*)::text AS n FROM payouts WHERE seller_id = $1', [
      shop.sellerId,
    ]);
    expect(Number(rows[0]?.n)).toBe(1);
    // ₦8,000 less the ₦220 card fee, less ₦25 for the one transfer Paystack received.
    const seen = await payoutsOf(shop);
    expect(seen).toMatchObject({ available: '0.00', paidOut: '7755.00' });
    expect(bench.sandbox.store.transfers.filter((t) => t.reference === seen.payouts[0]?.reference)).toHaveLength(1);
  });
});

describe('payout settings', () => {
  test('default once a day from ₦1,000; the minimum is never below Paystack’s ₦100 transfer minimum', () => {
    const defaults = loadConfig({ NODE_ENV: 'development' }).payments;
    expect({ intervalMs: defaults.payoutIntervalMs, minimumKobo: defaults.payoutMinimumKobo }).toEqual({
      intervalMs: 24 * HOUR,
      minimumKobo: 100_000,
    });
    expect(() => loadConfig({ NODE_ENV: 'development', PAYOUT_MINIMUM_NAIRA: '50' })).toThrow(/PAYOUT_MINIMUM_NAIRA/);
    expect(() => loadConfig({ NODE_ENV: 'development', PAYOUT_INTERVAL_HOURS: 'daily' })).toThrow(/PAYOUT_INTERVAL_HOURS/);
    expect(loadConfig({ NODE_ENV: 'development', PAYOUT_INTERVAL_HOURS: '0', PAYOUT_MINIMUM_NAIRA: '100' }).payments).toMatchObject({
      payoutIntervalMs: 0,
      payoutMinimumKobo: 10_000,
    });
  });
});
