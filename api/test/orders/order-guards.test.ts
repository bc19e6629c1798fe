/**
 * Another store's order or code never
 * completes yours (the guessing limits are in completion-code.test.ts); every status move, cancellation, rating and payout read
 * that the caller may not make is refused and changes nothing. Plus the
 * allowed moves' money: a cancellation refunds the held total and restocks.
 */
import { MESSAGES } from '@campus/shared/messages';
import { buyerOrderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { sql } from 'drizzle-orm';
import { moveOrder } from '../../src/money/orders/service';
import { markRefundSending } from '../../src/money/payments/refund-repository';
import { signPaystackBody } from '../../src/money/payments/paystack/signature';
import { sqlClientOf } from '../../src/search';
import { get, onPostgres, post, put } from '../helpers';
import {
  BENCH_SECRET_KEY,
  checkoutBody,
  fillCart,
  initiate,
  paidOrder as paidOrderOn,
  shopWith,
  signedIn,
  startBench,
  type Bench,
  type Shop,
} from '../payments/harness';

jest.setTimeout(60_000);

let bench: Bench;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  bench = await startBench({ clock });
});
afterAll(async () => bench.close());

/** A paid order of `shop`'s product for a new buyer (on the shared bench unless another is given). */
function paidOrder(shop: Shop, quantity = 1, on: Bench = bench) {
  return paidOrderOn(on, shop, quantity);
}

/** One payment across these stores (one order each), paid. */
async function paidCheckout(shops: Shop[], on: Bench = bench) {
  const buyer = await signedIn(on.app);
  const cart = await fillCart(
    on.app,
    buyer.token,
    shops.map((shop) => ({ productId: shop.product.id, quantity: 1 })),
  );
  const started = await initiate(on.app, buyer.token, checkoutBody(buyer.email, cart));
  on.sandbox.act(started.data?.access_code ?? '', 'pay');
  await on.settle();
  const reference = started.data?.reference ?? '';
  const orders = ((await get(on.app, `/payments/verify/${reference}`, buyer.token)).body.data as { orders: BuyerOrder[] }).orders;
  return { reference, orders };
}

async function orderRow(orderId: string) {
  const { rows } = await sqlClientOf(bench.app).query<{ status: string; delivered_at: Date | null }>(
    'SELECT status, delivered_at FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0];
}

/** Ledger rows of one order (its payment's journal included): other tests' background money does not count. */
async function ledgerRows(orderId: string): Promise<number> {
  const { rows } = await sqlClientOf(bench.app).query<{ n: string }>(
    'SELECT count(*)::text AS n FROM ledger_entries WHERE order_id = $1 OR payment_id = (SELECT payment_id FROM orders WHERE id = $1)',
    [orderId],
  );
  return Number(rows[0]?.n ?? 0);
}

describe('completion by code: a store completes only its own orders', () => {
  test("another store's order or code never completes yours, and a buyer is not a store", async () => {
    const mine = await shopWith(bench.app, 'Lab coat', '6,500', 5);
    const theirs = await shopWith(bench.app, 'Safety goggles', '2,500', 5);
    const { order: myOrder, buyer } = await paidOrder(mine);
    const { order: theirOrder } = await paidOrder(theirs);
    // Their order, with its own right code, entered at my store: not mine to complete.
    const res = await post(bench.app, '/orders/complete', { orderId: theirOrder.id, code: theirOrder.completionCode ?? '' }, mine.token);
    expect(res.status).toBe(403);
    // Their code against my order: wrong.
    expect(
      (await post(bench.app, '/orders/complete', { orderId: myOrder.id, code: theirOrder.completionCode ?? '' }, mine.token)).status,
    ).toBe(400);
    expect((await orderRow(theirOrder.id))?.status).toBe('PENDING');
    expect((await orderRow(myOrder.id))?.status).toBe('PENDING');
    // The buyer holding the code cannot complete it themselves.
    expect(
      (await post(bench.app, '/orders/complete', { orderId: myOrder.id, code: myOrder.completionCode ?? '' }, buyer.token)).status,
    ).toBe(403);
    expect((await orderRow(myOrder.id))?.status).toBe('PENDING');
    // A malformed code, or no order, is a 400 from the schema.
    expect((await post(bench.app, '/orders/complete', { orderId: myOrder.id, code: '12ab56' }, mine.token)).status).toBe(400);
    expect((await post(bench.app, '/orders/complete', { code: myOrder.completionCode ?? '' }, mine.token)).status).toBe(400);
  });
});

describe("refused with someone else's token, or out of order", () => {
  test('status moves: only the store owner, only the allowed moves; nothing changes otherwise', async () => {
    const shop = await shopWith(bench.app, 'Mini fridge', '45,000', 3);
    const other = await shopWith(bench.app, 'Kettle', '8,000', 3);
    const { order, buyer } = await paidOrder(shop);
    const before = await ledgerRows(order.id);

    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, other.token)).status).toBe(403);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, buyer.token)).status).toBe(403);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CANCELLED' }, other.token)).status).toBe(403);
    // Skipping a step, going back, or delivering without the code: 409.
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'PROCESSING' }, shop.token)).status).toBe(409);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'DELIVERED' }, shop.token)).status).toBe(409);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'PENDING' }, shop.token)).status).toBe(409);
    expect((await put(bench.app, '/orders/no-such-order/status', { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(404);
    expect((await orderRow(order.id))?.status).toBe('PENDING');
    expect(await ledgerRows(order.id)).toBe(before);

    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    // Once confirmed, the buyer cannot cancel (until 14 days have passed).
    const early = await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token);
    expect(early.status).toBe(409);
    expect((await orderRow(order.id))?.status).toBe('CONFIRMED');
  });

  test('cancellation: the buyer while PENDING, the seller until delivered; refund in the ledger, stock back; someone else never', async () => {
    const shop = await shopWith(bench.app, 'Study lamp', '4,000', 4);
    const { order, buyer } = await paidOrder(shop, 2);
    const stranger = await signedIn(bench.app);
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, stranger.token)).status).toBe(403);
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, shop.token)).status).toBe(403);
    expect((await get(bench.app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 2 });

    const cancelled = await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ orderStatus: 'CANCELLED', completionCode: null, cancellable: false });
    await bench.settle();
    expect((await get(bench.app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 4 });
    // Cancelling twice, or moving a cancelled order, changes nothing.
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(409);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(409);
    // The refund went to the sandbox, which settled it: held is zero, the refunds account is square.
    bench.sandbox.settleNow();
    await bench.settle();
    // The buyer cancelled: ₦8,000 back less Paystack's ₦220 fee on the payment (1.5% + ₦100), which Paystack keeps.
    expect(bench.sandbox.store.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: 778_000, status: 'processed' })]),
    );
    expect(
      bench.app.mailer.mailbox
        ?.list(buyer.email)
        .some((m) => m.subject === 'Refund of ₦7,780.00' && m.text.includes('Paystack keeps its fee of ₦220.00')),
    ).toBe(true);
    const payouts = await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token);
    expect(payouts.body.data).toMatchObject({ held: '0.00', available: '0.00', paidOut: '0.00' });
    const { rows } = await sqlClientOf(bench.app).query<{ total: string }>(
      "SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_entries WHERE account = 'refunds' AND order_id = $1",
      [order.id],
    );
    expect(Number(rows[0]?.total)).toBe(0);
  });

  test('the buyer never cancels an accepted order: 14 days after payment the cancel answers 409 and points to a dispute', async () => {
    const shop = await shopWith(bench.app, 'Printer toner', '12,000', 2);
    const { order, buyer } = await paidOrder(shop);
    expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    clock.advance(14 * 24 * 60 * 60 * 1000 - 1000);
    expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).body.message).toBe(MESSAGES.disputes.tooEarly);
    clock.advance(1000);
    const late = await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.disputes.openInstead);
    expect((await orderRow(order.id))?.status).toBe('CONFIRMED');
  });

  test("order lists and payouts: a store's only to its owner", async () => {
    const shop = await shopWith(bench.app, 'USB hub', '5,000', 2);
    const other = await shopWith(bench.app, 'HDMI cable', '2,000', 2);
    await paidOrder(shop);
    expect((await get(bench.app, `/orders/${shop.sellerId}/seller`, other.token)).status).toBe(403);
    expect((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, other.token)).status).toBe(403);
    expect((await get(bench.app, `/orders/${shop.sellerId}/seller`)).status).toBe(401);
    expect((await get(bench.app, `/sellers/${shop.sellerId}/payouts`)).status).toBe(401);
    expect((await get(bench.app, `/orders/${shop.sellerId}/seller`, shop.token)).status).toBe(200);
  });

  test('ratings: only after delivery, once per purchased item, never by someone who did not buy it', async () => {
    const shop = await shopWith(bench.app, 'Engineering drawing set', '9,000', 5);
    const { order, buyer } = await paidOrder(shop);
    const stranger = await signedIn(bench.app);
    const rate = (token: string, rating = 5) =>
      post(bench.app, `/products/${shop.product.id}/ratings`, { rating, review: 'Exactly as described' }, token);

    expect((await rate(buyer.token)).status).toBe(403); // not delivered yet
    expect((await rate(stranger.token)).status).toBe(403);
    expect((await rate(shop.token)).status).toBe(403);
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      200,
    );

    const first = await rate(buyer.token, 4);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ rating: 4, review: 'Exactly as described' });
    expect((await rate(buyer.token, 1)).status).toBe(409);
    expect((await get(bench.app, `/products/${shop.product.id}`)).body.data).toMatchObject({ averageRating: 4, totalRatings: 1 });
    const mine = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);
    expect(mine.orderItems[0]?.rating).toBe(4);
    expect((await post(bench.app, `/products/${shop.product.id}/ratings`, { rating: 6 }, buyer.token)).status).toBe(400);
  });
});

describe('money that cannot go where it was meant to', () => {
  test('paid after the reservation lapsed and the stock was sold meanwhile: refunded whole, the buyer told, no order', async () => {
    const shop = await shopWith(bench.app, 'Last bicycle', '60,000', 1);
    const late = await signedIn(bench.app);
    const cart = await fillCart(bench.app, late.token, [{ productId: shop.product.id, quantity: 1 }]);
    const started = await initiate(bench.app, late.token, checkoutBody(late.email, cart));
    expect(started.status).toBe(200);
    clock.advance(31 * 60 * 1000); // the reservation (15 minutes) has long lapsed
    await paidOrder(shop); // someone else buys the last one
    bench.sandbox.act(started.data?.access_code ?? '', 'pay');
    await bench.settle();
    const verify = await get(bench.app, `/payments/verify/${started.data?.reference ?? ''}`, late.token);
    expect(verify.body.data).toMatchObject({ status: 'refunded', orders: [] });
    expect(bench.app.mailer.mailbox?.list(late.email).some((m) => m.subject.startsWith('Refund of ₦60,000.00'))).toBe(true);
    expect((await get(bench.app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 0 });
    expect(bench.sandbox.store.refunds).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 6_000_000 })]));
  });

  test("a payout to an account whose transfers fail: the money and its fee return to available, the failure is shown, the store's next payout tries again after a backoff", async () => {
    // Sandbox knob: an account number ending in 0000 resolves, but its transfers fail.
    const shop = await shopWith(bench.app, 'Desk organiser', '3,000', 2, { accountNumber: '1234560000' });
    const { order } = await paidOrder(shop);
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      200,
    );
    await bench.settle();
    bench.sandbox.settleNow();
    await bench.settle();
    type Payouts = {
      available: string;
      paidOut: string;
      payouts: Array<{ status: string; failureReason: string | null; reference: string; amount: string; fee: string }>;
    };
    const payouts = (await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as Payouts;
    // ₦3,000 less the ₦145 card fee; the ₦10 transfer fee withheld for the failed transfer is the store's again.
    expect(payouts).toMatchObject({ available: '2855.00', paidOut: '0.00' });
    // In the ledger itself (the route adds in-transfer money to available): all of it back in available.
    const { rows: accounts } = await sqlClientOf(bench.app).query<{ account: string; total: string }>(
      'SELECT account, sum(amount_kobo)::text AS total FROM ledger_entries WHERE seller_id = $1 GROUP BY account',
      [shop.sellerId],
    );
    const sum = (part: string) => Number(accounts.find((a) => a.account === `store:${shop.sellerId}:${part}`)?.total ?? 0);
    expect([sum('held'), sum('available'), sum('payout')]).toEqual([0, -285_500, 0]);
    expect(payouts.payouts).toEqual([expect.objectContaining({ status: 'failed', amount: '2845.00', fee: '10.00' })]);
    expect(payouts.payouts[0]?.failureReason).toBeTruthy();
    expect(bench.app.mailer.mailbox?.list(shop.email).some((m) => m.subject.startsWith('Payout of ₦2,845.00 failed'))).toBe(true);

    // No new transfer before the backoff (15 minutes after the first failure); then one, under a new reference.
    await bench.app.payments.reconcile();
    await bench.settle();
    expect(((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as Payouts).payouts).toHaveLength(1);
    clock.advance(16 * 60_000);
    await bench.app.payments.reconcile();
    await bench.settle();
    bench.sandbox.settleNow();
    await bench.settle();
    const again = ((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as Payouts).payouts;
    expect(again).toHaveLength(2);
    expect(new Set(again.map((p) => p.reference)).size).toBe(2);
    expect(again.every((p) => p.amount === '2845.00')).toBe(true);
  });
  test('a refund that reached Paystack just before a crash is not sent again', async () => {
    // Two stores in one payment, so one order's refund is partial and Paystack would accept it twice.
    const a = await shopWith(bench.app, 'Extension cable', '2,500', 3);
    const b = await shopWith(bench.app, 'Wall clock', '5,000', 3);
    const { reference, orders } = await paidCheckout([a, b]);
    const order = orders.find((o) => o.seller.id === a.sellerId);
    if (!order) throw new Error('no order for store a');
    // The cancellation commits (refund owed) but, as after a crash, nothing has been sent yet...
    await moveOrder(bench.app.db, 'buyer', order.userId, order.id, 'CANCELLED', { config: bench.app.config, now: clock.now() });
    // ...the request went out (noted first, as requestRefunds does), Paystack took it, and the process died before noting the answer.
    const { rows: owed } = await sqlClientOf(bench.app).query<{ id: string }>('SELECT id FROM refunds WHERE order_id = $1', [order.id]);
    await markRefundSending(bench.app.db, owed[0]?.id ?? '', clock.now());
    // The buyer's refund: ₦2,500 less the order's share of Paystack's ₦212.50 fee on the ₦7,500 payment (₦70.83).
    await bench.app.paystack.refund({ reference, amountKobo: 242_917, reason: 'sent before the crash' });
    await bench.app.payments.sendMoneyOut();
    await bench.app.payments.sendMoneyOut();
    expect(bench.sandbox.store.refunds.filter((r) => r.transactionReference === reference).map((r) => r.amount)).toEqual([242_917]);
    const { rows } = await sqlClientOf(bench.app).query<{ status: string }>('SELECT status FROM refunds WHERE order_id = $1', [order.id]);
    expect(['requested', 'processed']).toContain(rows[0]?.status);
  });
  (onPostgres ? test : test.skip)(
    'while another API instance sends money out, this one sends nothing (PostgreSQL advisory lock)',
    async () => {
      const shop = await shopWith(bench.app, 'Bedside rug', '7,000', 2);
      const { order } = await paidOrder(shop);
      await moveOrder(bench.app.db, 'buyer', order.userId, order.id, 'CANCELLED', { config: bench.app.config, now: clock.now() });
      const { rows } = await sqlClientOf(bench.app).query<{ reference: string }>(
        'SELECT p.reference FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = $1',
        [order.id],
      );
      const reference = rows[0]?.reference ?? '';
      const sent = () => bench.sandbox.store.refunds.filter((r) => r.transactionReference === reference).length;
      // "Another instance": a transaction holding the money-out lock on its own connection.
      await bench.app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7231011425)`);
        await bench.app.payments.sendMoneyOut();
        expect(sent()).toBe(0);
      });
      await bench.app.payments.sendMoneyOut();
      expect(sent()).toBe(1);
    },
  );
  test('two equal refunds on one payment are each followed by their own Paystack id; a refund made outside the product is never taken for ours', async () => {
    // A bench whose sandbox leaves refunds pending until told: Paystack's words come in the order the test says.
    const slow = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const a = await shopWith(slow.app, 'Phone case', '2,000', 3);
      const b = await shopWith(slow.app, 'Screen guard', '2,000', 3);
      const c = await shopWith(slow.app, 'Charger', '2,000', 3);
      const { reference, orders } = await paidCheckout([a, b, c], slow);
      const [first, second] = orders;
      if (!first || !second) throw new Error('three orders expected');
      const ctx = { config: slow.app.config, now: clock.now() };
      // Someone refunds 2,000 on Paystack's dashboard: not one of our refunds, whatever its amount.
      await slow.app.paystack.refund({ reference, amountKobo: 200_000, reason: 'refunded by hand' });
      await moveOrder(slow.app.db, 'buyer', first.userId, first.id, 'CANCELLED', ctx);
      await moveOrder(slow.app.db, 'buyer', second.userId, second.id, 'CANCELLED', ctx);
      const sql = sqlClientOf(slow.app);
      const ours =
        'SELECT status, paystack_refund_id FROM refunds WHERE payment_id = (SELECT id FROM payments WHERE reference = $1) ORDER BY created_at';
      await slow.app.payments.sendMoneyOut();
      const asked = (await sql.query<{ status: string; paystack_refund_id: string }>(ours, [reference])).rows;
      // Each of ours was sent, and is known by its own id; the hand-made one is none of them.
      const handMade = slow.sandbox.store.refunds.find((r) => r.transactionReference === reference)?.id;
      const ids = asked.map((r) => Number(r.paystack_refund_id));
      expect(new Set(ids).size).toBe(2);
      expect(ids).not.toContain(handMade);
      // Paystack finishes our second refund first: its webhook (no refund id, only the transaction's reference) settles that one alone.
      slow.sandbox.setRefundStatus(ids[1] ?? 0, 'processed');
      await slow.settle();
      expect((await sql.query<{ status: string }>(ours, [reference])).rows.map((r) => r.status)).toEqual(['requested', 'processed']);
      slow.sandbox.setRefundStatus(ids[0] ?? 0, 'processed');
      await slow.settle();
      expect((await sql.query<{ status: string }>(ours, [reference])).rows.map((r) => r.status)).toEqual(['processed', 'processed']);
      // The hand-made one, and ours: each order's ₦2,000 less its share of Paystack's ₦190 fee (₦63.33 or ₦63.34).
      const oursAmounts = (
        await sql.query<{ amount_kobo: string }>(
          'SELECT amount_kobo FROM refunds WHERE payment_id = (SELECT id FROM payments WHERE reference = $1)',
          [reference],
        )
      ).rows.map((r) => Number(r.amount_kobo));
      expect(oursAmounts.every((a) => a === 193_666 || a === 193_667)).toBe(true);
      expect(
        slow.sandbox.store.refunds
          .filter((r) => r.transactionReference === reference)
          .map((r) => r.amount)
          .sort(),
      ).toEqual([200_000, ...oursAmounts].sort());
    } finally {
      await slow.close();
    }
  });

  test("a payout's transfer fee is booked once, as Paystack's fee_charged says, however often its webhook comes", async () => {
    // A bench whose sandbox leaves transfers pending: Paystack's word below comes first, deterministically.
    const slow = await startBench({ settleDelayMs: 600_000 });
    try {
      const shop = await shopWith(slow.app, 'Desk lamp', '4,000', 2);
      const { order } = await paidOrder(shop, 1, slow);
      expect((await post(slow.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
        200,
      );
      await slow.settle();
      const { payouts } = (await get(slow.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as {
        payouts: Array<{ reference: string }>;
      };
      const reference = payouts[0]?.reference ?? '';
      expect(slow.sandbox.store.transfers.find((t) => t.reference === reference)?.status).toBe('pending');
      // Paystack's word, with a fee other than the published ₦10 schedule, to see which one is booked.
      const body = JSON.stringify({
        event: 'transfer.success',
        data: { reference, amount: 400_000, fee_charged: 1_234, status: 'success' },
      });
      for (let i = 0; i < 3; i += 1) {
        const res = await slow.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(BENCH_SECRET_KEY, body) },
        });
        expect(res.statusCode).toBe(200);
      }
      await slow.settle();
      slow.sandbox.settleNow(); // the sandbox's own transfer.success (₦10 fee) comes after: nothing more is booked
      await slow.settle();
      const { rows } = await sqlClientOf(slow.app).query<{ account: string; amount: string }>(
        `SELECT account, amount_kobo::text AS amount FROM ledger_entries WHERE kind = 'transfer-fee' AND payout_id = (SELECT id FROM payouts WHERE reference = $1) ORDER BY account`,
        [reference],
      );
      expect(rows).toEqual([
        { account: 'paystack', amount: '-1234' },
        { account: 'platform:fees', amount: '1234' },
      ]);
      // The store is paid ₦4,000 less the ₦160 card fee and the ₦10 transfer fee passed through at release; what Paystack
      // actually charged for the transfer (₦12.34) is the platform's to square.
      expect((await get(slow.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data).toMatchObject({
        paidOut: '3830.00',
        available: '0.00',
      });
    } finally {
      await slow.close();
    }
  });

  test("a transfer reversed after it succeeded: paid out goes back down, the money is available again for the store's next payout", async () => {
    const shop = await shopWith(bench.app, 'Mini speaker', '5,000', 2);
    const { order } = await paidOrder(shop);
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      200,
    );
    await bench.settle();
    bench.sandbox.settleNow();
    await bench.settle();
    const before = (await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as {
      paidOut: string;
      payouts: Array<{ reference: string; status: string }>;
    };
    // ₦5,000 less the ₦175 card fee and the ₦10 transfer fee.
    expect(before).toMatchObject({ paidOut: '4815.00' });
    const reference = before.payouts[0]?.reference ?? '';
    // Paystack echoes our own narration as `reason`; the bank's word is gateway_response, and only that is the seller's cause.
    const body = JSON.stringify({
      event: 'transfer.reversed',
      data: {
        reference,
        amount: 500_000,
        reason: `Campus Marketplace payout ${reference}`,
        gateway_response: 'Beneficiary bank unavailable',
      },
    });
    const res = await bench.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(BENCH_SECRET_KEY, body) },
    });
    expect(res.statusCode).toBe(200);
    await bench.settle();
    const after = (await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as {
      paidOut: string;
      available: string;
      payouts: Array<{ reference: string; status: string; failureReason: string | null }>;
    };
    expect(after).toMatchObject({ paidOut: '0.00', available: '4815.00' });
    expect(after.payouts.find((p) => p.reference === reference)).toMatchObject({
      status: 'reversed',
      failureReason: 'Beneficiary bank unavailable',
    });
    // Paystack kept its transfer fee: the store is owed the amount it did not receive, in its next payout.
    expect(after.payouts).toHaveLength(1);
    // A late success for the reversed transfer changes nothing.
    const late = JSON.stringify({ event: 'transfer.success', data: { reference, amount: 500_000 } });
    await bench.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: late,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(BENCH_SECRET_KEY, late) },
    });
    await bench.settle();
    expect((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data).toMatchObject({
      paidOut: '0.00',
      available: '4815.00',
    });
  });
  test("the seller cancels a PROCESSING order: the buyer's money is owed back in full, the units are on sale again", async () => {
    const shop = await shopWith(bench.app, 'Hot plate', '9,500', 3);
    const { order } = await paidOrder(shop, 2);
    for (const step of ['CONFIRMED', 'PROCESSING', 'CANCELLED']) {
      expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: step }, shop.token)).status).toBe(200);
    }
    await bench.settle();
    expect((await get(bench.app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 3 });
    const { rows } = await sqlClientOf(bench.app).query<{ account: string; total: string }>(
      "SELECT account, sum(amount_kobo)::text AS total FROM ledger_entries WHERE order_id = $1 AND kind = 'refund' GROUP BY account",
      [order.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]))).toEqual({
      [`store:${shop.sellerId}:held`]: 1_900_000,
      refunds: -1_900_000,
    });
    expect((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data).toMatchObject({
      held: '0.00',
      available: '0.00',
    });
    // The code of a cancelled order completes nothing.
    expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
      409,
    );
  });
  test('a cancellation racing a completion: exactly one wins, and the money moves once', async () => {
    const shop = await shopWith(bench.app, 'Rice cooker', '14,000', 2);
    const { order, buyer } = await paidOrder(shop);
    const [cancel, complete] = await Promise.all([
      post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token),
      post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token),
    ]);
    expect([cancel.status, complete.status].filter((status) => status === 200)).toHaveLength(1);
    const { rows } = await sqlClientOf(bench.app).query<{ kind: string }>(
      "SELECT DISTINCT kind FROM ledger_entries WHERE order_id = $1 AND kind IN ('refund', 'release')",
      [order.id],
    );
    expect(rows.map((r) => r.kind)).toEqual([cancel.status === 200 ? 'refund' : 'release']);
    expect((await orderRow(order.id))?.status).toBe(cancel.status === 200 ? 'CANCELLED' : 'DELIVERED');
  });
});
