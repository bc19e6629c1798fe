/**
 * The whole path through the API and the
 * Paystack sandbox over HTTP (initiate → the student pays on the checkout
 * page → signed webhook → orders; the seller confirms, processes, enters the
 * code → money released → payout settled), checked to the kobo in the
 * ledger; and the webhook replayed, forged, or reporting the wrong amount.
 */
import { createHash } from 'node:crypto';
import { buyerOrderSchema, orderSchema, paymentVerifyResultSchema, sellerPayoutsSchema } from '@campus/shared/schemas';
import { signPaystackBody } from '../../src/money/payments/paystack/signature';
import { sqlClientOf } from '../../src/search';
import { get, onPostgres, post, put } from '../helpers';
import { BENCH_SECRET_KEY, checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench } from './harness';

jest.setTimeout(60_000);

/** The ledger's sums per account over one payment's journals (its orders' and its stores' payouts' too): the database may hold other tests' money. */
async function ledgerSums(bench: Bench, reference: string) {
  const { rows } = await sqlClientOf(bench.app).query<{ account: string; total: string }>(
    `WITH p AS (SELECT id FROM payments WHERE reference = $1), o AS (SELECT id FROM orders WHERE payment_id IN (SELECT id FROM p))
     SELECT account, sum(amount_kobo)::text AS total FROM ledger_entries
     WHERE payment_id IN (SELECT id FROM p) OR order_id IN (SELECT id FROM o) OR payout_id IN (SELECT id FROM payouts WHERE seller_id IN (SELECT seller_id FROM orders WHERE id IN (SELECT id FROM o)))
     GROUP BY account`,
    [reference],
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.total)]));
}

async function count(bench: Bench, table: string, where = 'true'): Promise<number> {
  const { rows } = await sqlClientOf(bench.app).query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE ${where}`);
  return Number(rows[0]?.n ?? 0);
}

describe('checkout to payout, to the kobo', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
  });
  afterAll(async () => bench.close());

  test('two stores in one cart: paid once, two orders, stock and cart updated, codes mailed; completion releases and pays out to the kobo', async () => {
    const { app, sandbox } = bench;
    const books = await shopWith(app, 'Organic Chemistry textbook', '7,450.25', 4);
    const lamps = await shopWith(app, 'Rechargeable reading lamp', '3,200', 10);
    const buyer = await signedIn(app);
    const cart = await fillCart(app, buyer.token, [
      { productId: books.product.id, quantity: 2 },
      { productId: lamps.product.id, quantity: 3 },
    ]);
    // 2 × 7,450.25 + 3 × 3,200 = 24,500.50 naira = 2,450,050 kobo
    expect(cart.totals.totalPrice).toBe('24500.50');

    const started = await initiate(app, buyer.token, checkoutBody(buyer.email, cart));
    expect(started.status).toBe(200);
    expect(started.data?.authorization_url).toMatch(/\/checkout\//);
    const reference = started.data?.reference ?? '';
    // Paystack sends the buyer back to the cart remote's return page (the federation contract's checkoutCallback).
    const page = sandbox.store.transactions.find((t) => t.reference === reference);
    expect(page?.callbackUrl).toBe(`${app.config.appUrl}/checkout/callback`);

    // Before paying: nothing ordered, the stock is reserved, not taken.
    expect(await count(bench, 'orders', `payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`)).toBe(0);
    expect((await get(app, `/products/${books.product.id}`)).body.data).toMatchObject({ stockQuantity: 4 });

    sandbox.act(started.data?.access_code ?? '', 'pay');
    await bench.settle();

    const verified = await get(app, `/payments/verify/${reference}`, buyer.token);
    expect(verified.status).toBe(200);
    const result = paymentVerifyResultSchema.parse(verified.body.data);
    expect(result).toMatchObject({ reference, status: 'success', amount: '24500.50' });
    expect(result.orders).toHaveLength(2);
    const byStore = new Map(result.orders.map((o) => [o.seller.id, o]));
    const bookOrder = byStore.get(books.sellerId);
    const lampOrder = byStore.get(lamps.sellerId);
    expect(bookOrder).toMatchObject({
      orderStatus: 'PENDING',
      totalPrice: '14900.50',
      hostelName: 'Moremi Hall',
      blockNumber: 'B',
      roomNo: '214',
      cancellable: true,
    });
    expect(lampOrder).toMatchObject({ orderStatus: 'PENDING', totalPrice: '9600.00' });
    expect(bookOrder?.completionCode).toMatch(/^\d{6}$/);
    expect(bookOrder?.orderCode).toMatch(/^CM-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // Stock taken, cart emptied.
    expect((await get(app, `/products/${books.product.id}`)).body.data).toMatchObject({ stockQuantity: 2 });
    expect((await get(app, `/products/${lamps.product.id}`)).body.data).toMatchObject({ stockQuantity: 7 });
    expect((await get(app, '/cart', buyer.token)).body.data).toMatchObject({ totals: { totalItems: 0 } });

    // E-mails: the receipt carries both codes; each seller hears of its order without the code.
    const receipt = app.mailer.mailbox?.list(buyer.email).find((m) => m.subject.startsWith('Payment received'));
    expect(receipt?.text).toContain(bookOrder?.completionCode ?? 'x');
    expect(receipt?.text).toContain(lampOrder?.completionCode ?? 'x');
    const sellerMail = app.mailer.mailbox?.list(books.email).find((m) => m.subject.startsWith('New order'));
    expect(sellerMail?.text).toContain(bookOrder?.orderCode ?? 'x');
    expect(sellerMail?.text).not.toContain(bookOrder?.completionCode ?? 'x');

    // The buyer's list shows the code while open; the store's list never does.
    const mine = await get(app, '/orders/user', buyer.token);
    expect(mine.status).toBe(200);
    expect((mine.body.data as unknown[]).map((o) => buyerOrderSchema.parse(o).completionCode).sort()).toEqual(
      [bookOrder?.completionCode, lampOrder?.completionCode].sort(),
    );
    const storeList = await get(app, `/orders/${books.sellerId}/seller`, books.token);
    expect(storeList.status).toBe(200);
    expect(JSON.stringify(storeList.body)).not.toContain(bookOrder?.completionCode ?? 'x');
    expect(orderSchema.parse((storeList.body.data as unknown[])[0])).toMatchObject({ userId: expect.any(String), roomNo: '214' });

    // Held, not yet the seller's.
    let payouts = sellerPayoutsSchema.parse((await get(app, `/sellers/${books.sellerId}/payouts`, books.token)).body.data);
    expect(payouts).toMatchObject({ held: '14900.50', available: '0.00', paidOut: '0.00', payouts: [] });

    // The seller confirms, processes, then enters the buyer's code at pickup.
    const orderId = bookOrder?.id ?? '';
    expect((await put(app, `/orders/${orderId}/status`, { orderStatus: 'CONFIRMED' }, books.token)).status).toBe(200);
    expect((await put(app, `/orders/${orderId}/status`, { orderStatus: 'PROCESSING' }, books.token)).status).toBe(200);
    const completed = await post(app, '/orders/complete', { orderId, code: bookOrder?.completionCode ?? '' }, books.token);
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({ id: orderId, orderStatus: 'DELIVERED', settlementCode: expect.stringMatching(/^stl_/) });

    await bench.settle();
    sandbox.settleNow();
    await bench.settle();

    payouts = sellerPayoutsSchema.parse((await get(app, `/sellers/${books.sellerId}/payouts`, books.token)).body.data);
    // Paid out: ₦14,900.50 less the order's share of Paystack's card fee on the payment and the ₦25 transfer fee (below).
    expect(payouts).toMatchObject({ held: '0.00', available: '0.00', paidOut: '14591.17' });
    // The store's payout (batched: its orders' money together, so it names no order), under its own reference.
    expect(payouts.payouts).toEqual([
      expect.objectContaining({
        orderId: null,
        amount: '14591.17',
        fee: '25.00',
        status: 'success',
        reference: expect.stringMatching(/^po_[0-9a-f]{24}$/),
      }),
    ]);
    // The sandbox really received the transfer, to the store's resolved account, for that amount.
    expect(sandbox.store.transfers).toEqual([expect.objectContaining({ amount: 1_459_117, status: 'success' })]);

    // The code is gone once used: the buyer's order shows none, a second entry finds the order closed.
    const after = buyerOrderSchema.parse(
      (await get(app, '/orders/user', buyer.token)).body.data &&
        ((await get(app, '/orders/user', buyer.token)).body.data as unknown[]).find((o) => (o as { id: string }).id === orderId),
    );
    expect(after).toMatchObject({ orderStatus: 'DELIVERED', completionCode: null, cancellable: false });
    expect(
      (await post(app, '/orders/complete', { orderId: bookOrder?.id ?? '', code: bookOrder?.completionCode ?? '' }, books.token)).status,
    ).toBe(409);

    // The ledger, to the kobo: Paystack holds what was paid less its own fee (1.5% + ₦100) and less what went
    // out; the lamp store's money is still held. The fee is shared by the two orders by their totals (the
    // book order's ₦284.33 and the lamp order's ₦183.17, the left-over kobo to the larger): the platform pays it
    // and recovers each share at that order's release, with the ₦25 transfer fee (fee-rules.ts).
    const sums = await ledgerSums(bench, reference);
    const paystackFee = Math.floor((2_450_050 * 15) / 1000) + 10_000;
    expect(paystackFee).toBe(46_750);
    const bookShare = 28_433;
    const transferFee = 2_500;
    expect(1_490_050 - bookShare - transferFee).toBe(1_459_117);
    expect(sums.paystack).toBe(2_450_050 - paystackFee - 1_459_117 - transferFee);
    // Still the platform's: the lamp order's share, recovered when that order is released.
    expect(sums['platform:fees']).toBe(paystackFee - bookShare);
    expect(paystackFee - bookShare).toBe(18_317);
    // What Paystack itself holds (its Check Balance) is what the ledger says it holds: every movement was booked.
    expect(sandbox.balanceKobo()).toBe(sums.paystack);
    // The same check the reconciliation runs; on PGlite this bench's database holds only this test's money.
    if (!onPostgres)
      expect(await app.payments.checkProviderBalance()).toEqual({
        ledgerKobo: sums.paystack,
        inFlightKobo: 0,
        paystackKobo: sums.paystack,
        differenceKobo: 0,
      });
    expect(sums[`store:${books.sellerId}:held`] ?? 0).toBe(0);
    expect(sums[`store:${books.sellerId}:available`] ?? 0).toBe(0);
    expect(sums[`store:${books.sellerId}:payout`] ?? 0).toBe(0);
    expect(sums[`store:${lamps.sellerId}:held`]).toBe(-960_000);
    expect(Object.values(sums).reduce((a, b) => a + b, 0)).toBe(0);
    // Every journal balances on its own.
    const { rows } = await sqlClientOf(app).query<{ off: string }>(
      'SELECT sum(amount_kobo)::text AS off FROM ledger_entries GROUP BY journal_id HAVING sum(amount_kobo) <> 0',
    );
    expect(rows).toEqual([]);
  });
});

describe('webhook: replays, forgeries and wrong amounts', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  });
  afterAll(async () => bench.close());

  async function paidCheckout() {
    const { app } = bench;
    const shop = await shopWith(app, `Desk fan ${Math.random().toString(36).slice(2, 6)}`, '15,000', 5);
    const buyer = await signedIn(app);
    const cart = await fillCart(app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
    const started = await initiate(app, buyer.token, checkoutBody(buyer.email, cart));
    expect(started.status).toBe(200);
    return { shop, buyer, reference: started.data?.reference ?? '', accessCode: started.data?.access_code ?? '' };
  }

  function deliver(body: string, signature = signPaystackBody(BENCH_SECRET_KEY, body)) {
    return bench.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
  }

  test('the webhook ten times plus the browser verify: one set of orders, one receipt', async () => {
    const { app, sandbox } = bench;
    const { buyer, reference, accessCode } = await paidCheckout();
    sandbox.act(accessCode, 'pay');
    await bench.settle();
    const body = JSON.stringify({ event: 'charge.success', data: { reference, amount: 1_500_000, currency: 'NGN', status: 'success' } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await Promise.all([get(app, `/payments/verify/${reference}`, buyer.token), get(app, `/payments/verify/${reference}`, buyer.token)]);
    await bench.settle();
    expect(await count(bench, 'orders', `buyer_id = (SELECT id FROM users WHERE email = '${buyer.email}')`)).toBe(1);
    expect(app.mailer.mailbox?.list(buyer.email).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    expect(
      await count(bench, 'ledger_entries', `kind = 'payment' AND payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`),
    ).toBe(2);
  });

  test('distinct charge.success events and verify calls racing before fulfilment: one set of orders, one receipt', async () => {
    const { app, sandbox } = bench;
    const { buyer, reference, accessCode } = await paidCheckout();
    // Paid at Paystack; its own webhook, 10 differently-worded copies and 3 verify calls all at once.
    sandbox.act(accessCode, 'pay');
    const copies = Array.from({ length: 10 }, (_, i) =>
      deliver(
        JSON.stringify({ event: 'charge.success', data: { id: i, reference, amount: 1_500_000, currency: 'NGN', status: 'success' } }),
      ),
    );
    const verifies = Array.from({ length: 3 }, () => get(app, `/payments/verify/${reference}`, buyer.token));
    await Promise.all([...copies, ...verifies]);
    await bench.settle();
    expect(await count(bench, 'orders', `payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`)).toBe(1);
    expect(app.mailer.mailbox?.list(buyer.email).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    expect(
      await count(bench, 'ledger_entries', `kind = 'payment' AND payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`),
    ).toBe(2);
  });

  test('a forged signature is refused with 401 and changes nothing', async () => {
    const { reference } = await paidCheckout();
    const body = JSON.stringify({ event: 'charge.success', data: { reference, amount: 1_500_000, currency: 'NGN', status: 'success' } });
    const before = await count(bench, 'paystack_events');
    expect((await deliver(body, signPaystackBody('sk_test_someone_else', body))).statusCode).toBe(401);
    expect((await deliver(body, 'not-a-signature')).statusCode).toBe(401);
    // The right signature over other bytes (a re-serialised body) does not pass either.
    expect((await deliver(`${body} `, signPaystackBody(BENCH_SECRET_KEY, body))).statusCode).toBe(401);
    await bench.settle();
    expect(await count(bench, 'paystack_events')).toBe(before);
    expect(await count(bench, 'orders', `payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`)).toBe(0);
  });

  test('a wrong amount creates no order and returns what Paystack took; another currency is held for a person, the buyer told', async () => {
    const { buyer, reference } = await paidCheckout();
    const wrongAmount = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 150_000, currency: 'NGN' },
    });
    expect((await deliver(wrongAmount)).statusCode).toBe(200);
    await bench.settle();
    expect(await count(bench, 'orders', `payment_id = (SELECT id FROM payments WHERE reference = '${reference}')`)).toBe(0);
    const paid = await sqlClientOf(bench.app).query<{ status: string; review_reason: string }>(
      'SELECT status, review_reason FROM payments WHERE reference = $1',
      [reference],
    );
    expect(paid.rows[0]).toMatchObject({ status: 'refunded', review_reason: expect.stringContaining('amount') });
    // All that Paystack took goes back, whatever the order was: no money is left without a path.
    const refund = await sqlClientOf(bench.app).query<{ amount_kobo: string }>(
      'SELECT amount_kobo::text FROM refunds WHERE payment_id = (SELECT id FROM payments WHERE reference = $1)',
      [reference],
    );
    expect(refund.rows.map((r) => r.amount_kobo)).toEqual(['150000']);
    expect(bench.app.mailer.mailbox?.list(buyer.email).some((m) => m.subject === 'Refund of ₦1,500.00')).toBe(true);
    expect((await get(bench.app, `/payments/verify/${reference}`, buyer.token)).body.data).toMatchObject({
      status: 'refunded',
      orders: [],
    });

    const other = await paidCheckout();
    const wrongCurrency = JSON.stringify({
      event: 'charge.success',
      data: { reference: other.reference, status: 'success', amount: 1_500_000, currency: 'USD' },
    });
    expect((await deliver(wrongCurrency)).statusCode).toBe(200);
    await bench.settle();
    const held = await sqlClientOf(bench.app).query<{ status: string; review_reason: string }>(
      'SELECT status, review_reason FROM payments WHERE reference = $1',
      [other.reference],
    );
    expect(held.rows[0]).toMatchObject({ status: 'review', review_reason: expect.stringContaining('currency') });
    expect(await count(bench, 'refunds', `payment_id = (SELECT id FROM payments WHERE reference = '${other.reference}')`)).toBe(0);
    expect(bench.app.mailer.mailbox?.list(other.buyer.email).some((m) => m.subject === 'Your payment is being checked')).toBe(true);
    expect((await get(bench.app, `/payments/verify/${other.reference}`, other.buyer.token)).body.data).toMatchObject({
      status: 'review',
      orders: [],
    });
  });

  test('the event id is the hash of the raw body: a redelivery is recorded once', async () => {
    const body = JSON.stringify({ event: 'customeridentification.success', data: { reference: null } });
    await deliver(body);
    await deliver(body);
    const id = createHash('sha256').update(body).digest('hex');
    expect(await count(bench, 'paystack_events', `id = '${id}'`)).toBe(1);
  });
});
