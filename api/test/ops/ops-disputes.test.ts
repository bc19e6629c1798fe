/**
 * An operator decides disputes through the console: refund whole, refund part (naira
 * typed, turned into kobo, checked against what was paid) or release to the seller.
 * Each outcome moves the ledger to the kobo through the money domain, once, with one
 * audit row in the same transaction; both sides are e-mailed.
 */
import { MESSAGES } from '@campus/shared/messages';
import { buyerOrderSchema, opsDisputeSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { platformFeeKobo } from '../../src/money/payments/ledger';
import { sqlClientOf } from '../../src/search';
import { get, post, put } from '../helpers';
import { paidOrder, shopWith, startBench, type Bench } from '../payments/harness';
import { auditRows, elevatedSession, enrolledOperator, type Operator } from './operator-harness';

jest.setTimeout(90_000);

const DAY_MS = 24 * 60 * 60 * 1000;
let bench: Bench;
let operator: Operator;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  bench = await startBench({ clock, env: { PLATFORM_FEE_PERCENT: '2.5' } });
  operator = await enrolledOperator(bench.app);
});
afterAll(async () => bench.close());

const sqlOf = () => sqlClientOf(bench.app);

async function disputedOrder(name: string, price: string) {
  const shop = await shopWith(bench.app, name, price, 3);
  const { order, buyer } = await paidOrder(bench, shop);
  expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
  clock.advance(14 * DAY_MS);
  const opened = await post(bench.app, `/orders/${order.id}/dispute`, { reason: 'The kettle leaks.' }, buyer.token);
  expect(opened.status).toBe(201);
  const disputeId = buyerOrderSchema.parse(opened.body.data).dispute?.id ?? '';
  return { shop, order, buyer, disputeId };
}

async function orderLedger(orderId: string): Promise<Record<string, number>> {
  const { rows } = await sqlOf().query<{ account: string; total: string }>(
    // The decision's journals (the refund's later settlement with Paystack left out).
    "SELECT account, sum(amount_kobo)::text AS total FROM ledger_entries WHERE order_id = $1 AND kind IN ('refund', 'release') GROUP BY account",
    [orderId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]));
}

async function decidedMail(disputeId: string): Promise<string[]> {
  const { rows } = await sqlOf().query<{ to: string }>('SELECT "to" FROM outbox_emails WHERE dedupe_key LIKE $1 ORDER BY "to"', [
    `dispute-decided:${disputeId}:%`,
  ]);
  return rows.map((r) => r.to);
}

const token = () => elevatedSession(bench.app, operator, (ms) => clock.advance(ms));

describe('deciding disputes from the console', () => {
  test('the queue and one dispute: order, statements, ledger lines', async () => {
    const { order, disputeId } = await disputedOrder('Queue kettle', '8,000');
    const ops = await token();
    const queue = (await get(bench.app, '/ops/disputes', ops)).body.data as Array<{ id: string; status: string }>;
    expect(queue.find((d) => d.id === disputeId)).toMatchObject({ status: 'open' });
    const detail = opsDisputeSchema.parse((await get(bench.app, `/ops/disputes/${disputeId}`, ops)).body.data);
    expect(detail).toMatchObject({ orderId: order.id, totalKobo: 800_000, dispute: { reason: 'The kettle leaks.' } });
    expect(detail.ledger.some((l) => l.kind === 'payment')).toBe(true);
  });

  test('refund whole: the whole total held goes to refunds, to the kobo; both sides e-mailed; one audit row; once', async () => {
    const { order, buyer, shop, disputeId } = await disputedOrder('Refund kettle', '10,000.50');
    const ops = await token();
    const decided = await post(
      bench.app,
      `/ops/disputes/${disputeId}/decision`,
      { outcome: 'refund', reason: 'Leaks, photo proves it' },
      ops,
    );
    expect(decided).toMatchObject({ status: 200, body: { data: { status: 'refunded', refundKobo: 1_000_050, releasedKobo: 0 } } });
    expect(await orderLedger(order.id)).toEqual({ [`store:${shop.sellerId}:held`]: 1_000_050, refunds: -1_000_050 });
    expect(await decidedMail(disputeId)).toEqual([buyer.email, shop.email].sort());
    const again = await post(bench.app, `/ops/disputes/${disputeId}/decision`, { outcome: 'release', reason: 'changed my mind' }, ops);
    expect(again).toMatchObject({ status: 409, body: { message: MESSAGES.disputes.alreadyDecided } });
    expect(await orderLedger(order.id)).toEqual({ [`store:${shop.sellerId}:held`]: 1_000_050, refunds: -1_000_050 });
    expect(await auditRows(bench.app, ops, `?recordId=${disputeId}`)).toEqual([
      expect.objectContaining({ action: 'dispute.refund', recordType: 'dispute', reason: 'Leaks, photo proves it' }),
    ]);
  });

  test('refund part: naira typed, kobo refunded, the rest released less the fee on it; more than was paid is refused', async () => {
    const { order, shop, disputeId } = await disputedOrder('Part kettle', '10,000');
    const ops = await token();
    for (const amountNaira of ['10000', '10000.01', '0', 'ten', '12.345']) {
      const refused = await post(bench.app, `/ops/disputes/${disputeId}/decision`, { outcome: 'part', amountNaira, reason: 'half' }, ops);
      expect(refused.status).toBe(400);
    }
    expect(await auditRows(bench.app, ops, `?recordId=${disputeId}`)).toEqual([]);
    const decided = await post(
      bench.app,
      `/ops/disputes/${disputeId}/decision`,
      { outcome: 'part', amountNaira: '2,500.50', reason: 'Half works' },
      ops,
    );
    expect(decided).toMatchObject({ status: 200, body: { data: { status: 'part-refunded', refundKobo: 250_050, releasedKobo: 749_950 } } });
    const { paidOutKobo } = decided.body.data as { paidOutKobo: number };
    // The commission on the released rest only (and Paystack's card fee passed through).
    expect(749_950 - paidOutKobo).toBeGreaterThanOrEqual(platformFeeKobo(749_950, 2.5));
    expect(await orderLedger(order.id)).toEqual({
      [`store:${shop.sellerId}:held`]: 1_000_000,
      refunds: -250_050,
      [`store:${shop.sellerId}:available`]: -paidOutKobo,
      'platform:fees': -(749_950 - paidOutKobo),
    });
    expect(await auditRows(bench.app, ops, `?recordId=${disputeId}`)).toHaveLength(1);
  });

  test('release: the seller gets the total less the platform fee', async () => {
    const { order, shop, disputeId } = await disputedOrder('Release kettle', '4,000');
    const ops = await token();
    const decided = await post(
      bench.app,
      `/ops/disputes/${disputeId}/decision`,
      { outcome: 'release', reason: 'Buyer collected it fine' },
      ops,
    );
    expect(decided).toMatchObject({ status: 200, body: { data: { status: 'released', refundKobo: 0, releasedKobo: 400_000 } } });
    const { paidOutKobo } = decided.body.data as { paidOutKobo: number };
    expect(400_000 - paidOutKobo).toBeGreaterThanOrEqual(platformFeeKobo(400_000, 2.5));
    expect(await orderLedger(order.id)).toEqual({
      [`store:${shop.sellerId}:held`]: 400_000,
      [`store:${shop.sellerId}:available`]: -paidOutKobo,
      'platform:fees': -(400_000 - paidOutKobo),
    });
  });
});
