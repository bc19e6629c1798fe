/**
 * Disputes instead of free refunds: a buyer's cancel of an accepted order 14
 * days after payment answers 409 and the buyer opens a dispute instead; the
 * money stays held; only the order's two sides read and add statements (the
 * seller's with photos); the campus team's decision (refund whole, refund
 * part, release) moves the ledger to the kobo, once.
 */
import { MESSAGES } from '@campus/shared/messages';
import { buyerOrderSchema, disputeSchema, orderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { loadConfig } from '../../src/config';
import { decideDispute, type DecisionInput } from '../../src/money/disputes/service';
import { ManualClock } from '../../src/lib/clock';
import { DomainError, conflict, invalid, notFound } from '../../src/lib/domain-errors';
import { platformFeeKobo, storeBalances } from '../../src/money/payments/ledger';
import { sqlClientOf } from '../../src/search';
import { get, post, put } from '../helpers';
import { multipart, photoPart, send } from '../catalogue-helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench, type Shop } from '../payments/harness';

jest.setTimeout(90_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const FEE_PERCENT = 2.5;

let bench: Bench;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  bench = await startBench({ clock, env: { PLATFORM_FEE_PERCENT: String(FEE_PERCENT) } });
});
afterAll(async () => bench.close());

const ctx = () => ({ config: bench.app.config, now: clock.now() });
const sqlOf = () => sqlClientOf(bench.app);

async function paidOrder(shop: Shop, quantity = 1) {
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  expect(started.status).toBe(200);
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const orders = (await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[];
  const order: BuyerOrder = buyerOrderSchema.parse(orders[0]);
  return { buyer, order };
}

async function myOrder(token: string, orderId: string): Promise<BuyerOrder> {
  const list = (await get(bench.app, '/orders/user', token)).body.data as unknown[];
  const found = list.map((o) => buyerOrderSchema.parse(o)).find((o) => o.id === orderId);
  if (!found) throw new Error(`order ${orderId} not in the buyer's list`);
  return found;
}

/** A paid order the seller accepted, 14 days on: the buyer opens a dispute. */
async function disputedOrder(name: string, price: string, stock = 3) {
  const shop = await shopWith(bench.app, name, price, stock);
  const { order, buyer } = await paidOrder(shop);
  expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
  clock.advance(14 * DAY_MS);
  const opened = await post(
    bench.app,
    `/orders/${order.id}/dispute`,
    { reason: 'I collected a broken kettle; the seller will not swap it.' },
    buyer.token,
  );
  expect(opened.status).toBe(201);
  const disputeId = buyerOrderSchema.parse(opened.body.data).dispute?.id ?? '';
  return { shop, order, buyer, disputeId };
}

/** Sum per ledger account of one order's journals (its payment's journal left out). */
async function orderLedger(orderId: string): Promise<Record<string, number>> {
  const { rows } = await sqlOf().query<{ account: string; total: string }>(
    'SELECT account, sum(amount_kobo)::text AS total FROM ledger_entries WHERE order_id = $1 GROUP BY account',
    [orderId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]));
}

async function ledgerRowCount(orderId: string): Promise<number> {
  const { rows } = await sqlOf().query<{ n: string }>(
    'SELECT count(*)::text AS n FROM ledger_entries WHERE order_id = $1 OR payment_id = (SELECT payment_id FROM orders WHERE id = $1)',
    [orderId],
  );
  return Number(rows[0]?.n ?? 0);
}

async function orderStatus(orderId: string): Promise<string | undefined> {
  const { rows } = await sqlOf().query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  return rows[0]?.status;
}

async function queuedMail(keyPrefix: string): Promise<string[]> {
  const { rows } = await sqlOf().query<{ to: string }>('SELECT "to" FROM outbox_emails WHERE dedupe_key LIKE $1 ORDER BY "to"', [
    `${keyPrefix}%`,
  ]);
  return rows.map((r) => r.to);
}

async function refundRows(orderId: string) {
  const { rows } = await sqlOf().query<{ amount_kobo: string }>('SELECT amount_kobo::text FROM refunds WHERE order_id = $1', [orderId]);
  return rows.map((r) => Number(r.amount_kobo));
}

/** The store's payouts (batched per store: a released order's money leaves in the store's next payout). */
async function payoutRows(sellerId: string) {
  const { rows } = await sqlOf().query<{ amount_kobo: string; fee_kobo: string }>(
    'SELECT amount_kobo::text, fee_kobo::text FROM payouts WHERE seller_id = $1',
    [sellerId],
  );
  return rows.map((r) => ({ amountKobo: Number(r.amount_kobo), feeKobo: Number(r.fee_kobo) }));
}

async function stockOf(productId: string): Promise<number> {
  return ((await get(bench.app, `/products/${productId}`)).body.data as { stockQuantity: number }).stockQuantity;
}

describe('opening a dispute instead of a refund', () => {
  test('cancel 14 days after payment on an accepted order: 409 pointing to a dispute; the dispute holds the money and e-mails both sides', async () => {
    const shop = await shopWith(bench.app, 'Electric kettle', '10,000', 3);
    const { order, buyer } = await paidOrder(shop);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'PROCESSING' }, shop.token)).status).toBe(200);
    clock.advance(14 * DAY_MS);

    const cancel = await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(MESSAGES.disputes.openInstead);
    expect(await myOrder(buyer.token, order.id)).toMatchObject({ cancellable: false, disputable: true, orderStatus: 'PROCESSING' });
    const rowsBefore = await ledgerRowCount(order.id);

    // The reason is required; only the buyer opens it.
    expect((await post(bench.app, `/orders/${order.id}/dispute`, { reason: '  ' }, buyer.token)).body.message).toBe(
      MESSAGES.disputes.reasonRequired,
    );
    const stranger = await signedIn(bench.app);
    expect((await post(bench.app, `/orders/${order.id}/dispute`, { reason: 'Mine now' }, stranger.token)).status).toBe(403);
    expect((await post(bench.app, `/orders/${order.id}/dispute`, { reason: 'Mine now' }, shop.token)).status).toBe(403);
    expect((await post(bench.app, '/orders/no-such-order/dispute', { reason: 'Where?' }, buyer.token)).status).toBe(404);

    const opened = await post(
      bench.app,
      `/orders/${order.id}/dispute`,
      { reason: 'The kettle leaks; the seller says it was fine.' },
      buyer.token,
    );
    expect(opened.status).toBe(201);
    expect(opened.body.message).toBe(MESSAGES.disputes.opened);
    const view = buyerOrderSchema.parse(opened.body.data);
    expect(view).toMatchObject({ orderStatus: 'PROCESSING', cancellable: false, disputable: false, completionCode: null });
    expect(view.dispute).toMatchObject({
      status: 'open',
      reason: 'The kettle leaks; the seller says it was fine.',
      decidedAt: null,
      refunded: null,
      statements: [],
    });

    // No money moved: the store still holds the whole total.
    expect(await ledgerRowCount(order.id)).toBe(rowsBefore);
    expect(await storeBalances(bench.app.db, shop.sellerId)).toMatchObject({ heldKobo: 1_000_000, availableKobo: 0 });
    expect(await queuedMail(`dispute-opened:${view.dispute?.id}`)).toEqual([buyer.email, shop.email].sort());

    // The seller sees it in the store's list, the order's status value unchanged.
    const sellerList = (await get(bench.app, `/orders/${shop.sellerId}/seller`, shop.token)).body.data as unknown[];
    const sellerView = orderSchema.parse(sellerList[0]);
    expect(sellerView).toMatchObject({ id: order.id, orderStatus: 'PROCESSING', dispute: { status: 'open' } });

    // Once: a second dispute is refused; while open nothing moves the order, the old code completes nothing.
    expect((await post(bench.app, `/orders/${order.id}/dispute`, { reason: 'Again' }, buyer.token)).body.message).toBe(
      MESSAGES.disputes.alreadyOpened,
    );
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).body.message).toBe(MESSAGES.disputes.orderInDispute);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CANCELLED' }, shop.token)).body.message).toBe(
      MESSAGES.disputes.orderInDispute,
    );
    expect((await post(bench.app, '/orders/complete', { code: order.completionCode }, shop.token)).status).toBe(400);
    expect(await orderStatus(order.id)).toBe('PROCESSING');
    expect(await ledgerRowCount(order.id)).toBe(rowsBefore);
  });

  test('before 14 days no dispute and no cancel on an accepted order; a PENDING order is cancelled and refunded as before', async () => {
    const shop = await shopWith(bench.app, 'Desk fan', '6,000', 3);
    const accepted = await paidOrder(shop);
    expect((await put(bench.app, `/orders/${accepted.order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    clock.advance(14 * DAY_MS - 1000);
    expect(await myOrder(accepted.buyer.token, accepted.order.id)).toMatchObject({ cancellable: false, disputable: false });
    const early = await post(bench.app, `/orders/${accepted.order.id}/dispute`, { reason: 'Not here yet' }, accepted.buyer.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MESSAGES.disputes.tooEarly);
    expect((await post(bench.app, `/orders/${accepted.order.id}/cancel`, {}, accepted.buyer.token)).body.message).toBe(
      MESSAGES.disputes.tooEarly,
    );

    // A PENDING order, however old: never a dispute, always a refund.
    const pending = await paidOrder(shop);
    clock.advance(20 * DAY_MS);
    expect(await myOrder(pending.buyer.token, pending.order.id)).toMatchObject({ cancellable: true, disputable: false });
    expect(
      (await post(bench.app, `/orders/${pending.order.id}/dispute`, { reason: 'Changed my mind' }, pending.buyer.token)).body.message,
    ).toBe(MESSAGES.disputes.notDisputable);
    const cancelled = await post(bench.app, `/orders/${pending.order.id}/cancel`, {}, pending.buyer.token);
    expect(cancelled.status).toBe(200);
    // The buyer bears Paystack's ₦190 fee on the payment (1.5% + ₦100), which Paystack keeps; the platform recovers it.
    expect(await orderLedger(pending.order.id)).toEqual({
      [`store:${shop.sellerId}:held`]: 600_000,
      refunds: -581_000,
      'platform:fees': -19_000,
    });
    expect(await refundRows(pending.order.id)).toEqual([581_000]);
  });
});

describe('statements', () => {
  test("only the order's buyer and seller read the dispute and add statements; the seller's with up to 4 photos; none once decided", async () => {
    const { shop, order, buyer, disputeId } = await disputedOrder('Bluetooth speaker', '15,000');
    const stranger = await signedIn(bench.app);
    const otherShop = await shopWith(bench.app, 'Earphones', '3,000', 2);
    const url = `/orders/${order.id}/dispute`;
    for (const token of [stranger.token, otherShop.token]) {
      expect((await get(bench.app, url, token)).status).toBe(403);
      expect((await post(bench.app, `${url}/statements`, { text: 'I saw it all' }, token)).status).toBe(403);
    }
    expect((await get(bench.app, url)).status).toBe(401);

    const byBuyer = await post(bench.app, `${url}/statements`, { text: 'It stopped working on day two.' }, buyer.token);
    expect(byBuyer.status).toBe(201);
    clock.advance(60_000);
    expect((await post(bench.app, `${url}/statements`, { text: '' }, shop.token)).body.message).toBe(MESSAGES.disputes.statementRequired);

    const five = await Promise.all([1, 2, 3, 4, 5].map((i) => photoPart('photos', `p${i}.png`)));
    const tooMany = await send(bench.app, 'POST', `${url}/statements`, shop.token, multipart({ text: 'Photos' }, five));
    expect(tooMany.status).toBe(400);
    const answer = await send(
      bench.app,
      'POST',
      `${url}/statements`,
      shop.token,
      multipart({ text: 'It worked when collected; see the photos.' }, five.slice(0, 2)),
    );
    expect(answer.status).toBe(201);

    for (const token of [buyer.token, shop.token]) {
      const read = await get(bench.app, url, token);
      expect(read.status).toBe(200);
      const dispute = disputeSchema.parse(read.body.data);
      expect(dispute.statements.map((s) => [s.author, s.text, s.imageUrls.length])).toEqual([
        ['buyer', 'It stopped working on day two.', 0],
        ['seller', 'It worked when collected; see the photos.', 2],
      ]);
      expect(dispute.statements[1]?.imageUrls.every((u) => u.startsWith('/uploads/disputes/'))).toBe(true);
    }

    await decideDispute(bench.app.db, disputeId, { kind: 'release', note: 'The photos show it working.' }, ctx());
    const late = await post(bench.app, `${url}/statements`, { text: 'But…' }, buyer.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.disputes.closed);
  });
});

describe("the campus team's decision, to the kobo", () => {
  test('refund whole: held → refunds, a refund row of the total, order CANCELLED, stock NOT put back; a second decision refused', async () => {
    const { shop, order, buyer, disputeId } = await disputedOrder('Rice cooker', '10,000', 3);
    const stock = await stockOf(shop.product.id);
    const result = await decideDispute(bench.app.db, disputeId, { kind: 'refund', note: 'The seller did not answer.' }, ctx());
    expect(result).toMatchObject({ status: 'refunded', refundKobo: 1_000_000, releasedKobo: 0, paidOutKobo: 0 });

    expect(await orderLedger(order.id)).toEqual({ [`store:${shop.sellerId}:held`]: 1_000_000, refunds: -1_000_000 });
    expect(await storeBalances(bench.app.db, shop.sellerId)).toEqual({ heldKobo: 0, availableKobo: 0, inTransferKobo: 0, paidOutKobo: 0 });
    expect(await refundRows(order.id)).toEqual([1_000_000]);
    expect(await payoutRows(order.id)).toEqual([]);
    expect(await orderStatus(order.id)).toBe('CANCELLED');
    expect(await stockOf(shop.product.id)).toBe(stock);
    expect(await queuedMail(`dispute-decided:${disputeId}`)).toEqual([buyer.email, shop.email].sort());
    expect((await myOrder(buyer.token, order.id)).dispute).toMatchObject({
      status: 'refunded',
      refunded: '10000.00',
      decisionNote: 'The seller did not answer.',
    });

    const again = decideDispute(bench.app.db, disputeId, { kind: 'release', note: 'Changed our mind' }, ctx());
    await expect(again).rejects.toThrow(conflict(MESSAGES.disputes.alreadyDecided));
    expect(await orderLedger(order.id)).toEqual({ [`store:${shop.sellerId}:held`]: 1_000_000, refunds: -1_000_000 });

    // The refund goes to Paystack after the commit, like any other.
    bench.app.payments.afterCommit([]);
    await bench.settle();
    bench.sandbox.settleNow();
    await bench.settle();
    expect(bench.sandbox.store.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: 1_000_000, status: 'processed' })]),
    );
  });

  test("release: exactly what completion does (held → available less the platform fee), in the store's next payout, order DELIVERED", async () => {
    const { shop, order, buyer, disputeId } = await disputedOrder('Iron', '8,000.50', 2);
    const total = 800_050;
    // The commission, and Paystack's card fee passed through: ₦220 on the card payment (1.5% + ₦100).
    const fee = platformFeeKobo(total, FEE_PERCENT) + 22_000;
    expect(fee).toBe(42_001);
    const result = await decideDispute(bench.app.db, disputeId, { kind: 'release', note: 'Collected and working.' }, ctx());
    expect(result).toMatchObject({ status: 'released', refundKobo: 0, releasedKobo: total, paidOutKobo: total - fee });

    expect(await orderLedger(order.id)).toEqual({
      [`store:${shop.sellerId}:held`]: total,
      [`store:${shop.sellerId}:available`]: -(total - fee),
      'platform:fees': -fee,
    });
    expect(await storeBalances(bench.app.db, shop.sellerId)).toMatchObject({ heldKobo: 0, availableKobo: total - fee });
    // The store's next payout sends it, less Paystack's ₦25 transfer fee.
    expect(await payoutRows(shop.sellerId)).toEqual([]);
    await bench.app.payments.sendMoneyOut();
    expect(await payoutRows(shop.sellerId)).toEqual([{ amountKobo: total - fee - 2_500, feeKobo: 2_500 }]);
    expect(await refundRows(order.id)).toEqual([]);
    expect(await orderStatus(order.id)).toBe('DELIVERED');
    expect(await queuedMail(`dispute-decided:${disputeId}`)).toEqual([buyer.email, shop.email].sort());
    expect((await myOrder(buyer.token, order.id)).dispute).toMatchObject({ status: 'released', refunded: '0.00' });
  });

  test('part: the amount is checked (> 0, < total, whole kobo); the part refunded, the rest released less the fee on it', async () => {
    const { shop, order, disputeId } = await disputedOrder('Study chair', '10,000', 2);
    const total = 1_000_000;
    const bad: DecisionInput[] = [
      { kind: 'part', refundKobo: 0, note: 'x' },
      { kind: 'part', refundKobo: -5, note: 'x' },
      { kind: 'part', refundKobo: total, note: 'x' },
      { kind: 'part', refundKobo: total + 1, note: 'x' },
      { kind: 'part', refundKobo: 10.5, note: 'x' },
    ];
    for (const decision of bad) {
      await expect(decideDispute(bench.app.db, disputeId, decision, ctx())).rejects.toThrow(
        invalid(MESSAGES.disputes.partAmount('10000.00')),
      );
    }
    await expect(decideDispute(bench.app.db, disputeId, { kind: 'part', refundKobo: 1000, note: '  ' }, ctx())).rejects.toThrow(
      DomainError,
    );
    expect(await orderLedger(order.id)).toEqual({});

    const part = 250_050;
    const rest = total - part;
    // The commission on the rest and the rest's share of Paystack's ₦250 card fee (₦187.48).
    const fee = platformFeeKobo(rest, FEE_PERCENT) + 18_748;
    expect(fee).toBe(37_496);
    const result = await decideDispute(bench.app.db, disputeId, { kind: 'part', refundKobo: part, note: 'One leg was cracked.' }, ctx());
    expect(result).toMatchObject({ status: 'part-refunded', refundKobo: part, releasedKobo: rest, paidOutKobo: rest - fee });

    expect(await orderLedger(order.id)).toEqual({
      [`store:${shop.sellerId}:held`]: total,
      refunds: -part,
      [`store:${shop.sellerId}:available`]: -(rest - fee),
      'platform:fees': -fee,
    });
    expect(await storeBalances(bench.app.db, shop.sellerId)).toMatchObject({ heldKobo: 0, availableKobo: rest - fee });
    expect(await refundRows(order.id)).toEqual([part]);
    await bench.app.payments.sendMoneyOut();
    expect(await payoutRows(shop.sellerId)).toEqual([{ amountKobo: rest - fee - 2_500, feeKobo: 2_500 }]);
    expect(await orderStatus(order.id)).toBe('DELIVERED');
    await expect(decideDispute(bench.app.db, disputeId, { kind: 'refund', note: 'x' }, ctx())).rejects.toThrow(
      MESSAGES.disputes.alreadyDecided,
    );
  });

  test('two decisions at once: exactly one wins, the money moves once', async () => {
    const { shop, order, disputeId } = await disputedOrder('Mini fridge', '40,000', 2);
    const outcomes = await Promise.allSettled([
      decideDispute(bench.app.db, disputeId, { kind: 'refund', note: 'a' }, ctx()),
      decideDispute(bench.app.db, disputeId, { kind: 'release', note: 'b' }, ctx()),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const won = outcomes.find((o) => o.status === 'fulfilled');
    const ledger = await orderLedger(order.id);
    expect(ledger[`store:${shop.sellerId}:held`]).toBe(4_000_000);
    expect(Object.values(ledger).reduce((a, b) => a + b, 0)).toBe(0);
    // Refunded, or released to the store's available money: never both.
    expect((await refundRows(order.id)).length + (ledger[`store:${shop.sellerId}:available`] ? 1 : 0)).toBe(1);
    expect(won && won.status === 'fulfilled' ? won.value.status : null).toBe(ledger.refunds ? 'refunded' : 'released');
  });

  test('an unknown dispute is 404', async () => {
    await expect(decideDispute(bench.app.db, 'no-such-dispute', { kind: 'release', note: 'x' }, ctx())).rejects.toThrow(
      notFound(MESSAGES.disputes.unknown),
    );
  });
});

describe('the wait before a dispute', () => {
  test('is 14 days; ORDERS_BUYER_WAIT_SECONDS shortens it under NODE_ENV=test only (the journeys), and is refused anywhere else', () => {
    expect(bench.app.config.payments.buyerWaitMs).toBe(14 * DAY_MS);
    expect(loadConfig({ NODE_ENV: 'test', ORDERS_BUYER_WAIT_SECONDS: '5' }).payments.buyerWaitMs).toBe(5000);
    expect(() => loadConfig({ NODE_ENV: 'development', ORDERS_BUYER_WAIT_SECONDS: '5' })).toThrow(
      /ORDERS_BUYER_WAIT_SECONDS: only for NODE_ENV=test/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ORDERS_BUYER_WAIT_SECONDS: 'soon' })).toThrow(/ORDERS_BUYER_WAIT_SECONDS/);
  });
});
