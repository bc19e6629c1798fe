/**
 * The console's money queue: payments held for review (accepted or refunded), payouts and refunds that need
 * a person (retried through the payout and refund machinery, or resolved), the ledger beside Paystack's
 * balance; and a suspended account's open orders. Each action writes one audit row; money moves only
 * through the money domain's own paths, to the kobo.
 */
import { moneyQueueSchema, studentDetailSchema, suspensionResultSchema } from '@campus/shared/schemas';
import { MESSAGES } from '@campus/shared/messages';
import { ManualClock } from '../../src/lib/clock';
import { sqlClientOf } from '../../src/search';
import { get, post } from '../helpers';
import { checkoutBody, fillCart, initiate, paidOrder, shopWith, signedIn, startBench, type Bench } from '../payments/harness';
import { auditRows, elevatedSession, enrolledOperator, type Operator } from './operator-harness';

jest.setTimeout(120_000);

const MINUTE = 60_000;
let bench: Bench;
let operator: Operator;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  // Transfers and refunds stay where the tests put them (Paystack's word is sent by the tests).
  bench = await startBench({ clock, settleDelayMs: 600_000 });
  operator = await enrolledOperator(bench.app);
});
afterAll(async () => bench.close());

const token = () => elevatedSession(bench.app, operator, (ms) => clock.advance(ms));

async function rows<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await sqlClientOf(bench.app).query<T>(text, values)).rows;
}

async function ledgerOf(column: 'payment_id' | 'order_id' | 'payout_id', id: string): Promise<Array<[string, string, number]>> {
  const found = await rows<{ kind: string; account: string; total: string }>(
    `SELECT kind, account, sum(amount_kobo)::text AS total FROM ledger_entries WHERE ${column} = $1 GROUP BY kind, account ORDER BY kind, account`,
    [id],
  );
  return found.map((r) => [r.kind, r.account, Number(r.total)]);
}

async function queue(ops: string) {
  const res = await get(bench.app, '/ops/money', ops);
  expect(res.status).toBe(200);
  return moneyQueueSchema.parse(res.body.data);
}

/** A checkout Paystack reports paid in another currency: held in `review`. */
async function paymentInReview(name: string, price: string) {
  const shop = await shopWith(bench.app, name, price, 3);
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  const reference = started.data?.reference ?? '';
  const atPaystack = bench.sandbox.store.transactions.find((t) => t.reference === reference);
  if (!atPaystack) throw new Error('no sandbox transaction');
  atPaystack.currency = 'USD';
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const [payment] = await rows<{ id: string; status: string; amount_kobo: string }>(
    'SELECT id, status, amount_kobo::text FROM payments WHERE reference = $1',
    [reference],
  );
  expect(payment?.status).toBe('review');
  return { shop, buyer, reference, paymentId: payment?.id ?? '', amountKobo: Number(payment?.amount_kobo) };
}

describe('payments held for review', () => {
  test('accepted: fulfilled through the charge path (the order made, the ledger to the kobo), one audit row, once', async () => {
    const { buyer, paymentId, amountKobo, shop } = await paymentInReview('Review lamp', '7,250.50');
    const ops = await token();
    expect((await queue(ops)).payments.map((p) => p.id)).toContain(paymentId);

    const decided = await post(
      bench.app,
      `/ops/money/payments/${paymentId}/decision`,
      { outcome: 'accept', reason: 'Paystack settled NGN' },
      ops,
    );
    expect(decided).toMatchObject({ status: 200, body: { message: MESSAGES.ops.paymentAccepted } });
    await bench.settle();

    expect(amountKobo).toBe(725_050);
    expect(await ledgerOf('payment_id', paymentId)).toEqual([
      ['payment', 'paystack', 725_050],
      ['payment', `store:${shop.sellerId}:held`, -725_050],
    ]);
    const orders = (await get(bench.app, '/orders/user', buyer.token)).body.data as Array<{ status: string }>;
    expect(orders).toHaveLength(1);
    expect((await queue(ops)).payments.map((p) => p.id)).not.toContain(paymentId);
    expect((await auditRows(bench.app, ops, `?recordId=${paymentId}`)).map((r) => [r.action, r.reason])).toEqual([
      ['payment.accept', 'Paystack settled NGN'],
    ]);

    // Decided once: a second decision is refused and writes nothing.
    const again = await post(bench.app, `/ops/money/payments/${paymentId}/decision`, { outcome: 'refund', reason: 'twice' }, ops);
    expect(again).toMatchObject({ status: 409, body: { message: MESSAGES.ops.notUnderReview } });
    expect(await auditRows(bench.app, ops, `?recordId=${paymentId}`)).toHaveLength(1);
  });

  test('refunded: the whole amount owed back through the refund path (ledger, refund row, Paystack asked), one audit row', async () => {
    const { paymentId, amountKobo } = await paymentInReview('Review kettle', '4,000');
    const ops = await token();
    const decided = await post(
      bench.app,
      `/ops/money/payments/${paymentId}/decision`,
      { outcome: 'refund', reason: 'Wrong currency' },
      ops,
    );
    expect(decided).toMatchObject({ status: 200, body: { message: MESSAGES.ops.paymentRefunded } });
    await bench.settle();
    expect(await ledgerOf('payment_id', paymentId)).toEqual([
      ['unallocated', 'paystack', amountKobo],
      ['unallocated', 'refunds', -amountKobo],
    ]);
    const refunds = await rows<{ amount_kobo: string; status: string }>(
      'SELECT amount_kobo::text, status FROM refunds WHERE payment_id = $1',
      [paymentId],
    );
    expect(refunds).toEqual([{ amount_kobo: String(amountKobo), status: 'requested' }]);
    expect((await auditRows(bench.app, ops, `?recordId=${paymentId}`)).map((r) => r.action)).toEqual(['payment.refund']);
  });

  test('an unknown payment is 404, and a payment not in review is 409', async () => {
    const ops = await token();
    expect((await post(bench.app, '/ops/money/payments/nope/decision', { outcome: 'accept', reason: 'x' }, ops)).status).toBe(404);
    const shop = await shopWith(bench.app, 'Plain mug', '1,500', 2);
    const { reference } = await paidOrder(bench, shop);
    const [paid] = await rows<{ id: string }>('SELECT id FROM payments WHERE reference = $1', [reference]);
    const res = await post(bench.app, `/ops/money/payments/${paid?.id}/decision`, { outcome: 'refund', reason: 'x' }, ops);
    expect(res.status).toBe(409);
  });
});

describe('payouts that need a person', () => {
  async function failedPayout(name: string) {
    const shop = await shopWith(bench.app, name, '9,000', 2);
    const { order } = await paidOrder(bench, shop);
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      200,
    );
    await bench.settle();
    const [sent] = await rows<{ id: string; reference: string; amount_kobo: string }>(
      "SELECT id, reference, amount_kobo::text FROM payouts WHERE seller_id = $1 AND status = 'pending'",
      [shop.sellerId],
    );
    if (!sent) throw new Error('no payout sent');
    bench.sandbox.setTransferStatus(sent.reference, 'failed');
    await bench.settle();
    // Its retries spent (payout-service.ts MAX_PAYOUT_TRANSFERS): what the machinery notes for a person.
    await sqlClientOf(bench.app).query("UPDATE payouts SET attention = '5 transfers did not go through' WHERE id = $1", [sent.id]);
    return { shop, payoutId: sent.id, amountKobo: Number(sent.amount_kobo) };
  }

  test('retry: the store money goes out in a new payout at once, settled through the ledger to the kobo; one audit row', async () => {
    const { shop, payoutId, amountKobo } = await failedPayout('Payout radio');
    const ops = await token();
    expect((await queue(ops)).payouts.find((p) => p.id === payoutId)).toMatchObject({ status: 'failed', storeName: 'Payout radio store' });

    const retried = await post(bench.app, `/ops/money/payouts/${payoutId}/retry`, { reason: 'Bank said try again' }, ops);
    expect(retried).toMatchObject({ status: 200, body: { message: MESSAGES.ops.retried } });
    await bench.settle();
    const [next] = await rows<{ id: string; reference: string; amount_kobo: string }>(
      "SELECT id, reference, amount_kobo::text FROM payouts WHERE seller_id = $1 AND status = 'pending'",
      [shop.sellerId],
    );
    expect(Number(next?.amount_kobo)).toBe(amountKobo);
    bench.sandbox.setTransferStatus(next?.reference ?? '', 'success');
    await bench.settle();
    const settled = await ledgerOf('payout_id', next?.id ?? '');
    expect(settled).toEqual(
      expect.arrayContaining([
        ['payout-settled', 'paystack', -amountKobo],
        ['payout-settled', `store:${shop.sellerId}:payout`, amountKobo],
      ]),
    );
    expect((await queue(ops)).payouts.map((p) => p.id)).not.toContain(payoutId);
    expect((await auditRows(bench.app, ops, `?recordId=${payoutId}`)).map((r) => r.action)).toEqual(['payout.retry']);
    // No longer waiting: a second retry is refused.
    expect((await post(bench.app, `/ops/money/payouts/${payoutId}/retry`, { reason: 'again' }, ops)).status).toBe(409);
  });

  test('resolve: the item leaves the queue and nothing is sent now', async () => {
    const { shop, payoutId } = await failedPayout('Payout fan');
    const ops = await token();
    const resolved = await post(bench.app, `/ops/money/payouts/${payoutId}/resolve`, { reason: 'Seller changes bank first' }, ops);
    expect(resolved).toMatchObject({ status: 200, body: { message: MESSAGES.ops.resolved } });
    await bench.settle();
    expect(await rows("SELECT 1 FROM payouts WHERE seller_id = $1 AND status = 'pending'", [shop.sellerId])).toHaveLength(0);
    expect((await queue(ops)).payouts.map((p) => p.id)).not.toContain(payoutId);
    expect((await auditRows(bench.app, ops, `?recordId=${payoutId}`)).map((r) => r.action)).toEqual(['payout.resolve']);
  });
});

describe('refunds that need a person', () => {
  test('retry: a refund whose retries are spent is asked of Paystack again and settles to the kobo; one audit row', async () => {
    const shop = await shopWith(bench.app, 'Refund iron', '4,000', 2);
    const { buyer, order } = await paidOrder(bench, shop);
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
    await bench.settle();
    const [asked] = await rows<{ id: string; paystack_refund_id: string; amount_kobo: string }>(
      'SELECT id, paystack_refund_id::text, amount_kobo::text FROM refunds WHERE order_id = $1',
      [order.id],
    );
    // ₦4,000 less the card fee the cancelling buyer bears (fee-rules.ts).
    const owedKobo = Number(asked?.amount_kobo);
    expect(owedKobo).toBe(384_000);
    bench.sandbox.setRefundStatus(Number(asked?.paystack_refund_id), 'failed');
    await bench.settle();
    const refundId = asked?.id ?? '';
    await sqlClientOf(bench.app).query("UPDATE refunds SET attempts = 5, attention = 'Not refunded after 5 attempts' WHERE id = $1", [
      refundId,
    ]);
    const ops = await token();
    expect((await queue(ops)).refunds.find((r) => r.id === refundId)).toMatchObject({ status: 'pending', amountKobo: owedKobo });

    const retried = await post(bench.app, `/ops/money/refunds/${refundId}/retry`, { reason: 'Paystack fixed it' }, ops);
    expect(retried.status).toBe(200);
    await bench.settle();
    const [again] = await rows<{ status: string; attempts: number; paystack_refund_id: string }>(
      'SELECT status, attempts, paystack_refund_id::text FROM refunds WHERE id = $1',
      [refundId],
    );
    expect(again).toMatchObject({ status: 'requested', attempts: 0 });
    expect(again?.paystack_refund_id).not.toBe(asked?.paystack_refund_id);
    bench.sandbox.setRefundStatus(Number(again?.paystack_refund_id), 'processed');
    await bench.settle();
    expect((await ledgerOf('order_id', order.id)).filter(([kind]) => kind === 'refund-settled')).toEqual([
      ['refund-settled', 'paystack', -owedKobo],
      ['refund-settled', 'refunds', owedKobo],
    ]);
    expect((await auditRows(bench.app, ops, `?recordId=${refundId}`)).map((r) => r.action)).toEqual(['refund.retry']);
  });

  test("a refund waiting for the buyer's account is listed; a retry asks the buyer again", async () => {
    const shop = await shopWith(bench.app, 'Refund toaster', '3,000', 2);
    const { buyer, order } = await paidOrder(bench, shop, 1, 'pay-transfer');
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
    await bench.settle();
    const [asked] = await rows<{ id: string; paystack_refund_id: string }>(
      'SELECT id, paystack_refund_id::text FROM refunds WHERE order_id = $1',
      [order.id],
    );
    bench.sandbox.setRefundStatus(Number(asked?.paystack_refund_id), 'needs-attention');
    await bench.settle();
    const ops = await token();
    expect((await queue(ops)).refunds.find((r) => r.id === asked?.id)).toMatchObject({ status: 'needs-account', buyerEmail: buyer.email });
    clock.advance(MINUTE);
    expect((await post(bench.app, `/ops/money/refunds/${asked?.id}/retry`, { reason: 'Buyer asked again' }, ops)).status).toBe(200);
    const mails = await rows('SELECT 1 FROM outbox_emails WHERE dedupe_key LIKE $1', [`refund-account:${asked?.id}%`]);
    expect(mails).toHaveLength(2);
  });
});

describe('reconciliation', () => {
  test("the ledger's Paystack account beside Paystack's Fetch Balance, and the platform fee account", async () => {
    const ops = await token();
    const { reconciliation } = await queue(ops);
    const [paystack] = await rows<{ total: string }>(
      "SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_entries WHERE account = 'paystack'",
    );
    const [fees] = await rows<{ total: string }>(
      "SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_entries WHERE account = 'platform:fees'",
    );
    expect(reconciliation.ledgerKobo).toBe(Number(paystack?.total));
    expect(reconciliation.platformFeesKobo).toBe(Number(fees?.total));
    expect(reconciliation.paystackKobo).toBe(bench.sandbox.balanceKobo());
    expect(reconciliation.differenceKobo).toBe(bench.sandbox.balanceKobo() - (reconciliation.ledgerKobo - reconciliation.inFlightKobo));
  });
});

describe('suspension lists open orders', () => {
  test("the suspend answer and the student's page list the account's open orders, as buyer and as seller", async () => {
    const shop = await shopWith(bench.app, 'Open lamp', '2,000', 3);
    const { buyer, order } = await paidOrder(bench, shop);
    const ops = await token();
    const buyerId = ((await get(bench.app, '/auth/me', buyer.token)).body.data as { id: string }).id;
    const sellerId = ((await get(bench.app, '/auth/me', shop.token)).body.data as { id: string }).id;

    const suspended = await post(bench.app, `/ops/accounts/${sellerId}/suspend`, { reason: 'scam store' }, ops);
    expect(suspended.status).toBe(200);
    expect(suspensionResultSchema.parse(suspended.body.data).openOrders).toEqual([
      expect.objectContaining({ id: order.id, side: 'seller', status: 'PENDING', totalKobo: 200_000 }),
    ]);
    const asBuyer = await post(bench.app, `/ops/accounts/${buyerId}/suspend`, { reason: 'fraud' }, ops);
    expect(suspensionResultSchema.parse(asBuyer.body.data).openOrders).toEqual([expect.objectContaining({ id: order.id, side: 'buyer' })]);

    const page = studentDetailSchema.parse((await get(bench.app, `/ops/students/${sellerId}`, ops)).body.data);
    expect(page.account.suspended).toBe(true);
    expect(page.openOrders.map((o) => o.id)).toEqual([order.id]);
    expect(page.orders.map((o) => o.id)).toContain(order.id);
  });
});
