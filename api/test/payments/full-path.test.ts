/**
 * The full path of the money domain: 50 orders across 5 stores, several
 * buyers (some carts spanning three stores), every unhappy branch of the
 * money path driven through the product's own code (HTTP through
 * app.inject, the real Paystack sandbox with its signed webhooks, the
 * reconciliation and money-out runs, the dispute decision), and at the end
 * every kobo accounted for: the ledger balances, its `paystack` account is
 * the sandbox's balance (less one exactly explained payment), every store is
 * square, and nothing is left in a state that is not final.
 *
 * Branches: paid orders completed by code and paid out in per-store batches; a wrong naira amount
 * (refunded whole at once); another currency (held in `review`); two paid
 * checkouts of one cart (one order, the other refunded); a transfer in `otp`
 * finalised with the OTP; a transfer `abandoned`, its money in the store's
 * next payout under a new reference after a backoff; a bank-transfer payment whose refund needs the buyer's account;
 * a declined card and an abandoned checkout page (no money); buyer
 * cancellations of PENDING orders (one of a multi-store cart); seller
 * cancellations at PENDING, CONFIRMED and PROCESSING; disputes decided as a
 * whole refund, a part refund and a release.
 */
import { buyerOrderSchema, paymentVerifyResultSchema, sellerPayoutsSchema, type BuyerOrder } from '@campus/shared/schemas';
import { decideDispute } from '../../src/money/disputes/service';
import { ManualClock } from '../../src/lib/clock';
import { releaseSplit } from '../../src/money/payments/fee-rules';
import { platformFeeKobo, storeBalances } from '../../src/money/payments/ledger';
import { paystackLocalFeeKobo, paystackTransferFeeKobo } from '../../src/money/payments/paystack/fees';
import { moneyNeedingAttention } from '../../src/money/payments/attention-repository';
import {
  buildPaystackSandbox,
  SANDBOX_TRANSFER_OTP,
  type PaystackSandbox,
  type SandboxOptions,
} from '../../src/money/payments/sandbox/server';
import { sqlClientOf } from '../../src/search';
import { get, onPostgres, post, put } from '../helpers';
import {
  BENCH_SECRET_KEY,
  checkoutBody,
  fillCart,
  freePort,
  initiate,
  shopWith,
  signedIn,
  startBench,
  type Bench,
  type Shop,
} from './harness';

jest.setTimeout(240_000);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FEE_PERCENT = 2.5;
const STORES: Array<[string, string]> = [
  ['Organic chemistry notes', '2,450.50'],
  ['Reading lamp', '3,100'],
  ['Electric kettle', '7,999.99'],
  ['Graph paper pad', '1,250.25'],
  ['Mini fridge', '12,000'],
];

interface Buyer {
  email: string;
  token: string;
}

/** One paid checkout's orders, by store. */
interface Paid {
  reference: string;
  buyer: Buyer;
  orders: BuyerOrder[];
}

const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let sandboxOptions: SandboxOptions;
let sandbox: PaystackSandbox;
let bench: Bench;

beforeAll(async () => {
  const apiPort = await freePort();
  // The bench's sandbox, built here so a test can turn Transfer OTP on for a while (Paystack's dashboard switch):
  // its options are read at each transfer. Transfers and refunds settle only when the test says so (settleNow).
  sandboxOptions = {
    secretKey: BENCH_SECRET_KEY,
    publicUrl: 'http://sandbox.invalid',
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: null,
    retryDelaysMs: [50, 100, 200, 400],
    settleDelayMs: 600_000,
    logLevel: 'silent',
  };
  sandbox = buildPaystackSandbox(sandboxOptions);
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  bench = await startBench({ apiPort, sandbox, clock, env: { PLATFORM_FEE_PERCENT: String(FEE_PERCENT) } });
});

afterAll(async () => {
  await bench.close();
  sandbox.webhooks.close();
  await sandbox.app.close();
});

async function rows<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await sqlClientOf(bench.app).query<T>(text, values)).rows;
}

/** `$from, $from+1, …` for an IN list (the same SQL on PGlite and PostgreSQL). */
const placeholders = (values: readonly unknown[], from = 1) => values.map((_, i) => `$${i + from}`).join(', ');

const sandboxUrl = () => `http://127.0.0.1:${(sandbox.app.server.address() as { port: number }).port}`;

/** Webhooks delivered, background work done; then Paystack settles what is pending, and again. */
async function settleAll() {
  await bench.settle();
  sandbox.settleNow();
  await bench.settle();
}

/** Money-out and Paystack's settlement, round after round, until no store has a payout on its way (one per store at a time). */
async function drainPayouts(sellerIds: string[]) {
  for (let round = 0; round < 8; round += 1) {
    await bench.app.payments.sendMoneyOut();
    await settleAll();
    const pending = await rows(`SELECT id FROM payouts WHERE status = 'pending' AND seller_id IN (${placeholders(sellerIds)})`, sellerIds);
    if (pending.length === 0) return;
  }
  throw new Error('payouts still on their way after 8 rounds');
}

/** In groups of `size` at a time (PGlite is one connection; a few at once still race the real code paths). */
async function inGroups<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    out.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => work(item, start + i)))));
  }
  return out;
}

async function startCheckout(buyer: Buyer, items: Array<{ shop: Shop; quantity: number }>) {
  const cart = await fillCart(
    bench.app,
    buyer.token,
    items.map(({ shop, quantity }) => ({ productId: shop.product.id, quantity })),
  );
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  if (started.status !== 200 || !started.data) throw new Error(`checkout refused: ${started.status} ${JSON.stringify(started.body)}`);
  return { reference: started.data.reference, accessCode: started.data.access_code, cart };
}

async function verified(buyer: Buyer, reference: string) {
  const res = await get(bench.app, `/payments/verify/${reference}`, buyer.token);
  expect(res.status).toBe(200);
  return paymentVerifyResultSchema.parse(res.body.data);
}

/** A cart checked out and paid on the sandbox's page (card, or bank transfer); its orders as the buyer sees them. */
async function paidCheckout(
  buyer: Buyer,
  items: Array<{ shop: Shop; quantity: number }>,
  how: 'pay' | 'pay-transfer' = 'pay',
): Promise<Paid> {
  const { reference, accessCode } = await startCheckout(buyer, items);
  sandbox.act(accessCode, how);
  await bench.settle();
  const result = await verified(buyer, reference);
  expect(result.status).toBe('success');
  expect(result.orders).toHaveLength(items.length);
  // In the cart's order of stores (the API's list order is not part of the contract), so every run picks the same orders.
  const storeOrder = items.map((i) => i.shop.sellerId);
  const orders = result.orders
    .map((o) => buyerOrderSchema.parse(o))
    .sort((a, b) => storeOrder.indexOf(a.seller.id) - storeOrder.indexOf(b.seller.id));
  return { reference, buyer, orders };
}

const stockOf = async (shop: Shop) =>
  ((await get(bench.app, `/products/${shop.product.id}`)).body.data as { stockQuantity: number }).stockQuantity;

test('50 orders over 5 stores through every branch of the money path: every kobo accounted for, nothing left unfinished', async () => {
  const started = Date.now();
  const { app } = bench;
  const shops = await inGroups(STORES, 5, ([name, price]) => shopWith(app, name, price, 500));
  const shopOf = new Map(shops.map((s) => [s.sellerId, s]));
  const buyers: Buyer[] = await inGroups(
    Array.from({ length: 12 }, (_, i) => i),
    4,
    () => signedIn(app),
  );
  const references: string[] = [];
  const paid: Paid[] = [];
  // In the order the carts were made (not the order they finished), so every run picks the same orders below.
  const keep = (list: Paid[]) => {
    for (const p of list) {
      references.push(p.reference);
      paid.push(p);
    }
  };

  // ---- 1. The checkouts ------------------------------------------------------------------------------------------
  // Five carts spanning three stores each (15 orders).
  keep(
    await inGroups([0, 1, 2, 3, 4], 5, (i) =>
      paidCheckout(
        buyers[i] as Buyer,
        [0, 1, 2].map((k) => ({ shop: shops[(i + k) % 5] as Shop, quantity: 1 + ((i + k) % 2) })),
      ),
    ),
  );
  // 33 carts of one store, seven buyers at a time, each buyer's carts one after the other (33 orders).
  const singles = Array.from({ length: 33 }, (_, k) => ({
    buyer: buyers[5 + (k % 7)] as Buyer,
    shop: shops[k % 5] as Shop,
    quantity: 1 + (k % 3),
  }));
  keep(await inGroups(singles, 7, ({ buyer, shop, quantity }) => paidCheckout(buyer, [{ shop, quantity }])));

  // Paid by bank transfer: its refund will need the buyer's account (order 49).
  const byTransfer = await paidCheckout(buyers[0] as Buyer, [{ shop: shops[0] as Shop, quantity: 1 }], 'pay-transfer');
  keep([byTransfer]);

  // Two checkouts of one cart (two tabs), both paid: the first paid is the order (order 50), the other is refunded whole.
  const twoTabs = buyers[1] as Buyer;
  const tabCart = await fillCart(app, twoTabs.token, [{ productId: (shops[1] as Shop).product.id, quantity: 2 }]);
  const tabA = await initiate(app, twoTabs.token, checkoutBody(twoTabs.email, tabCart));
  const tabB = await initiate(app, twoTabs.token, checkoutBody(twoTabs.email, tabCart));
  sandbox.act(tabB.data?.access_code ?? '', 'pay');
  await bench.settle();
  sandbox.act(tabA.data?.access_code ?? '', 'pay');
  await bench.settle();
  const tabWinner = await verified(twoTabs, tabB.data?.reference ?? '');
  expect(tabWinner.status).toBe('success');
  paid.push({ reference: tabWinner.reference, buyer: twoTabs, orders: tabWinner.orders });
  references.push(tabWinner.reference, tabA.data?.reference ?? '');
  expect(await verified(twoTabs, tabA.data?.reference ?? '')).toMatchObject({ status: 'refunded', orders: [] });

  // Paystack took another naira amount than the order's (₦500 less): no order, all it took refunded at once.
  const wrongAmountBuyer = buyers[2] as Buyer;
  const wrongAmount = await startCheckout(wrongAmountBuyer, [{ shop: shops[2] as Shop, quantity: 1 }]);
  references.push(wrongAmount.reference);
  const wrongAmountAtPaystack = sandbox.store.transactions.find((t) => t.reference === wrongAmount.reference);
  if (!wrongAmountAtPaystack) throw new Error('no sandbox transaction for the wrong-amount checkout');
  wrongAmountAtPaystack.amount -= 50_000;
  const wrongAmountKobo = wrongAmountAtPaystack.amount;
  sandbox.act(wrongAmount.accessCode, 'pay');
  await bench.settle();
  expect(await verified(wrongAmountBuyer, wrongAmount.reference)).toMatchObject({ status: 'refunded', orders: [] });

  // Paid in another currency (our checkout never asks for one): held in `review` for a person, the buyer told.
  const wrongCurrencyBuyer = buyers[3] as Buyer;
  const wrongCurrency = await startCheckout(wrongCurrencyBuyer, [{ shop: shops[3] as Shop, quantity: 4 }]);
  references.push(wrongCurrency.reference);
  const wrongCurrencyAtPaystack = sandbox.store.transactions.find((t) => t.reference === wrongCurrency.reference);
  if (!wrongCurrencyAtPaystack) throw new Error('no sandbox transaction for the wrong-currency checkout');
  wrongCurrencyAtPaystack.currency = 'USD';
  const reviewKobo = wrongCurrencyAtPaystack.amount;
  sandbox.act(wrongCurrency.accessCode, 'pay');
  await bench.settle();
  expect(await verified(wrongCurrencyBuyer, wrongCurrency.reference)).toMatchObject({ status: 'review', orders: [] });
  expect(app.mailer.mailbox?.list(wrongCurrencyBuyer.email).some((m) => m.subject === 'Your payment is being checked')).toBe(true);

  // A declined card and a checkout page left (Cancel): no money anywhere, no order.
  const noMoneyBuyer = buyers[4] as Buyer;
  const declined = await startCheckout(noMoneyBuyer, [{ shop: shops[4] as Shop, quantity: 1 }]);
  sandbox.act(declined.accessCode, 'decline');
  expect(await verified(noMoneyBuyer, declined.reference)).toMatchObject({ status: 'failed', orders: [] });
  const left = await startCheckout(noMoneyBuyer, [{ shop: shops[4] as Shop, quantity: 1 }]);
  sandbox.act(left.accessCode, 'cancel');
  references.push(declined.reference, left.reference);

  const orders = paid.flatMap((p) => p.orders.map((order) => ({ order, buyer: p.buyer, reference: p.reference })));
  expect(orders).toHaveLength(50);
  expect(new Set(orders.map((o) => o.order.seller.id))).toEqual(new Set(shops.map((s) => s.sellerId)));
  const sellerIds = shops.map((s) => s.sellerId);
  const [{ n: ordersInDb } = { n: '0' }] = await rows<{ n: string }>(
    `SELECT count(*)::text AS n FROM orders WHERE seller_id IN (${placeholders(sellerIds)})`,
    sellerIds,
  );
  expect(Number(ordersInDb)).toBe(50);
  const checkoutsDone = Date.now();

  // ---- 2. Cancellations: refunds and restocks ---------------------------------------------------------------------
  const pick = (i: number) => orders[i] as (typeof orders)[number];
  const shopFor = (o: { order: BuyerOrder }) => shopOf.get(o.order.seller.id) as Shop;
  // The buyer cancels while PENDING: one order of a three-store cart (a part of its payment), two single carts,
  // and the bank-transfer one.
  const buyerCancels = [pick(1), pick(16), pick(20), pick(48)];
  expect(pick(48).reference).toBe(byTransfer.reference);
  // The seller cancels: at PENDING, CONFIRMED and PROCESSING.
  const sellerCancels = [pick(17), pick(21), pick(22)];
  for (const o of buyerCancels) {
    const shop = shopFor(o);
    const before = await stockOf(shop);
    const res = await post(app, `/orders/${o.order.id}/cancel`, {}, o.buyer.token);
    expect(res.status).toBe(200);
    expect(await stockOf(shop)).toBe(before + (o.order.orderItems[0]?.quantity ?? 0));
  }
  for (const [step, o] of sellerCancels.entries()) {
    const shop = shopFor(o);
    if (step >= 1) expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
    if (step >= 2) expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'PROCESSING' }, shop.token)).status).toBe(200);
    const before = await stockOf(shop);
    expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'CANCELLED' }, shop.token)).status).toBe(200);
    expect(await stockOf(shop)).toBe(before + (o.order.orderItems[0]?.quantity ?? 0));
  }
  await settleAll();
  sandbox.settleNow();
  await bench.settle();

  // The bank-transfer payment's refund: Paystack needs the buyer's account; the buyer gives it; it is paid.
  const awaiting = (await get(app, '/payments/refunds/awaiting-account', byTransfer.buyer.token)).body.data as Array<{
    id: string;
    orderId: string | null;
  }>;
  expect(awaiting).toEqual([expect.objectContaining({ orderId: pick(48).order.id })]);
  const given = await post(
    app,
    `/payments/refunds/${awaiting[0]?.id ?? ''}/account`,
    { bankCode: '058', accountNumber: '0123456789' },
    byTransfer.buyer.token,
  );
  expect(given.status).toBe(200);
  await settleAll();
  expect((await get(app, '/payments/refunds/awaiting-account', byTransfer.buyer.token)).body.data).toEqual([]);

  // ---- 3. Accepted orders that the buyer will dispute after 14 days ----------------------------------------------
  const disputed = [pick(23), pick(24), pick(25)];
  for (const [step, o] of disputed.entries()) {
    expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'CONFIRMED' }, shopFor(o).token)).status).toBe(200);
    if (step === 2)
      expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'PROCESSING' }, shopFor(o).token)).status).toBe(200);
  }

  // ---- 4. Completion by code, payouts; one transfer abandoned at Paystack and retried -------------------------------
  const special = new Set([...buyerCancels, ...sellerCancels, ...disputed].map((o) => o.order.id));
  const otpOrder = pick(26);
  special.add(otpOrder.order.id);
  const completed = orders.filter((o) => !special.has(o.order.id));
  expect(completed).toHaveLength(39);
  // Some go through CONFIRMED and PROCESSING first; the rest are completed straight from PENDING at pickup.
  await inGroups(completed, 6, async (o, i) => {
    const shop = shopFor(o);
    if (i % 3 === 0) {
      expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
      expect((await put(app, `/orders/${o.order.id}/status`, { orderStatus: 'PROCESSING' }, shop.token)).status).toBe(200);
    }
    const res = await post(app, '/orders/complete', { orderId: o.order.id, code: o.order.completionCode ?? '' }, shop.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderStatus: 'DELIVERED' });
  });
  await bench.settle();
  await app.payments.sendMoneyOut();
  // Payouts are batched per store: the first completions' money left at once, the rest waits for the payout on its way.
  const abandonedShop = shops[1] as Shop;
  const storePayouts = () =>
    rows<{ reference: string; status: string }>(
      'SELECT reference, status FROM payouts WHERE seller_id = $1 ORDER BY created_at, reference',
      [abandonedShop.sellerId],
    );
  const [firstTransfer] = await storePayouts();
  expect(firstTransfer?.status).toBe('pending');
  expect(sandbox.store.transfers.some((t) => t.reference === firstTransfer?.reference)).toBe(true);
  // Paystack abandons it (no webhook for that state): the sweeper finds it, the money goes back, and after a backoff
  // the store's next payout takes it under a new reference.
  sandbox.setTransferStatus(firstTransfer?.reference ?? '', 'abandoned');
  await settleAll();
  clock.advance(11 * MINUTE);
  await app.payments.reconcile();
  expect(await storePayouts()).toEqual([{ reference: firstTransfer?.reference, status: 'failed' }]);
  clock.advance(16 * MINUTE);
  await app.payments.sendMoneyOut();
  await settleAll();
  const afterRetry = await storePayouts();
  expect(afterRetry[0]).toEqual({ reference: firstTransfer?.reference, status: 'failed' });
  expect(afterRetry[1]).toEqual({ reference: expect.stringMatching(/^po_/), status: 'success' });
  await drainPayouts(sellerIds);

  // ---- 5. Transfer OTP switched on for one payout: it waits for a person, who gives the OTP -----------------------
  sandboxOptions.transferOtp = true;
  expect(
    (
      await post(
        app,
        '/orders/complete',
        { orderId: otpOrder.order.id, code: otpOrder.order.completionCode ?? '' },
        shopFor(otpOrder).token,
      )
    ).status,
  ).toBe(200);
  await bench.settle();
  sandboxOptions.transferOtp = false;
  const [waiting] = await rows<{ reference: string; status: string; attention: string | null }>(
    "SELECT reference, status, attention FROM payouts WHERE seller_id = $1 AND status = 'pending'",
    [shopFor(otpOrder).sellerId],
  );
  expect(waiting).toMatchObject({ status: 'pending', attention: expect.stringContaining('OTP') });
  const otpTransfer = sandbox.store.transfers.find((t) => t.reference === waiting?.reference);
  expect(otpTransfer?.status).toBe('otp');
  const finalised = await fetch(`${sandboxUrl()}/transfer/finalize_transfer`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ transfer_code: otpTransfer?.transferCode, otp: SANDBOX_TRANSFER_OTP }),
  });
  expect(finalised.status).toBe(200);
  await settleAll();
  clock.advance(11 * MINUTE);
  await app.payments.reconcile();
  expect(await rows('SELECT status, attention FROM payouts WHERE reference = $1', [waiting?.reference])).toEqual([
    { status: 'success', attention: null },
  ]);

  // ---- 6. Disputes, 14 days after payment: refund whole, part, release ------------------------------------------
  clock.advance(14 * DAY);
  const disputeIds: string[] = [];
  for (const o of disputed) {
    const opened = await post(app, `/orders/${o.order.id}/dispute`, { reason: 'Not what was described.' }, o.buyer.token);
    expect(opened.status).toBe(201);
    disputeIds.push(buyerOrderSchema.parse(opened.body.data).dispute?.id ?? '');
  }
  const ctx = () => ({ config: app.config, now: clock.now() });
  const [refundWhole, refundPart, release] = disputed;
  const partKobo = Math.floor((Math.round(Number(refundPart?.order.totalPrice ?? '0') * 100) * 2) / 5);
  const stockBeforeDecisions = await stockOf(shopFor(refundWhole as (typeof disputed)[number]));
  expect(await decideDispute(app.db, disputeIds[0] ?? '', { kind: 'refund', note: 'The seller did not answer.' }, ctx())).toMatchObject({
    status: 'refunded',
  });
  expect(
    await decideDispute(app.db, disputeIds[1] ?? '', { kind: 'part', refundKobo: partKobo, note: 'One part was broken.' }, ctx()),
  ).toMatchObject({
    status: 'part-refunded',
    refundKobo: partKobo,
  });
  expect(await decideDispute(app.db, disputeIds[2] ?? '', { kind: 'release', note: 'Collected and working.' }, ctx())).toMatchObject({
    status: 'released',
  });
  // A dispute's refund takes no stock back: the goods were collected.
  expect(await stockOf(shopFor(refundWhole as (typeof disputed)[number]))).toBe(stockBeforeDecisions);
  await app.payments.sendMoneyOut();
  await settleAll();
  // To the kobo: the whole total back; the part back and the rest paid out less the fee on the rest; all paid out less the fee.
  const kobo = (o: (typeof disputed)[number] | undefined) => Math.round(Number(o?.order.totalPrice ?? '0') * 100);
  const decidedMoney = async (o: (typeof disputed)[number] | undefined) => ({
    status: (await rows<{ status: string }>('SELECT status FROM orders WHERE id = $1', [o?.order.id]))[0]?.status,
    refunded: (
      await rows<{ amount_kobo: string; status: string }>('SELECT amount_kobo::text, status FROM refunds WHERE order_id = $1', [
        o?.order.id,
      ])
    ).map((r) => [Number(r.amount_kobo), r.status]),
    // What the release gave the store's available money (its next payout takes it).
    released:
      -Number(
        (
          await rows<{ kobo: string }>(
            "SELECT coalesce(sum(amount_kobo), 0)::text AS kobo FROM ledger_entries WHERE order_id = $1 AND kind = 'release' AND account LIKE 'store:%:available'",
            [o?.order.id],
          )
        )[0]?.kobo,
      ) || 0,
  });
  expect(await decidedMoney(refundWhole)).toEqual({ status: 'CANCELLED', refunded: [[kobo(refundWhole), 'processed']], released: 0 });
  const rest = kobo(refundPart) - partKobo;
  // Paid out: what is released less the commission and Paystack's fees passed through (fee-rules.ts, pinned by its own tests).
  const chargeFeeOf = async (o: (typeof disputed)[number] | undefined) =>
    Number((await rows<{ kobo: string }>('SELECT charge_fee_kobo::text AS kobo FROM orders WHERE id = $1', [o?.order.id]))[0]?.kobo);
  const toStore = async (o: (typeof disputed)[number] | undefined, releasedKobo: number) =>
    releaseSplit({ totalKobo: kobo(o), releasedKobo, chargeFeeKobo: await chargeFeeOf(o), feePercent: FEE_PERCENT }).toStoreKobo;
  expect(await decidedMoney(refundPart)).toEqual({
    status: 'DELIVERED',
    refunded: [[partKobo, 'processed']],
    released: await toStore(refundPart, rest),
  });
  expect(await decidedMoney(release)).toEqual({ status: 'DELIVERED', refunded: [], released: await toStore(release, kobo(release)) });

  // ---- 7. Everything runs its course: reconciliation until nothing is left to do -----------------------------------
  for (let round = 0; round < 2; round += 1) {
    clock.advance(11 * MINUTE);
    await app.payments.reconcile();
    await settleAll();
  }
  await drainPayouts(sellerIds);
  const flowsDone = Date.now();

  // ---- 8. Every kobo -------------------------------------------------------------------------------------------
  const payments = await rows<{ id: string; reference: string; status: string; amount_kobo: string }>(
    `SELECT id, reference, status, amount_kobo::text FROM payments WHERE reference IN (${placeholders(references)})`,
    references,
  );
  expect(payments).toHaveLength(references.length);
  const paymentIds = payments.map((p) => p.id);
  const statusOf = new Map(payments.map((p) => [p.reference, p.status]));
  expect(statusOf.get(wrongAmount.reference)).toBe('refunded');
  expect(statusOf.get(tabA.data?.reference ?? '')).toBe('refunded');
  expect(statusOf.get(wrongCurrency.reference)).toBe('review');
  expect(statusOf.get(declined.reference)).toBe('failed');
  expect(statusOf.get(left.reference)).toBe('pending');
  expect(paid.every((p) => statusOf.get(p.reference) === 'success')).toBe(true);
  // No payment left without a path: one not paid has no money at Paystack either.
  const atPaystack = new Map(sandbox.store.transactions.map((t) => [t.reference, t]));
  for (const p of payments.filter((x) => ['pending', 'abandoned', 'failed'].includes(x.status))) {
    expect({ reference: p.reference, paystack: atPaystack.get(p.reference)?.status }).toEqual({
      reference: p.reference,
      paystack: expect.stringMatching(/^(abandoned|failed)$/),
    });
  }
  const [reviewRow] = await rows<{ review_reason: string }>('SELECT review_reason FROM payments WHERE reference = $1', [
    wrongCurrency.reference,
  ]);
  expect(reviewRow?.review_reason).toContain('currency');

  // Orders: all final, in the numbers the scenario made.
  const orderRows = await rows<{ id: string; status: string; seller_id: string; total_kobo: string }>(
    `SELECT id, status, seller_id, total_kobo::text FROM orders WHERE seller_id IN (${placeholders(sellerIds)})`,
    sellerIds,
  );
  const orderIds = orderRows.map((o) => o.id);
  const byStatus = orderRows.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.status]: (acc[o.status] ?? 0) + 1 }), {});
  // Delivered: 39 by code, the OTP one, the part-refunded and the released dispute; cancelled: 4 by buyers, 3 by sellers, 1 by the refund decision.
  expect(byStatus).toEqual({ DELIVERED: 42, CANCELLED: 8 });

  // Disputes: none open.
  const disputeRows = await rows<{ status: string }>(
    `SELECT status FROM disputes WHERE order_id IN (${placeholders(orderIds)}) ORDER BY status`,
    orderIds,
  );
  expect(disputeRows.map((d) => d.status)).toEqual(['part-refunded', 'refunded', 'released']);

  // Refunds: all processed, none waiting for a person, each in Paystack's book as processed.
  const refundRows = await rows<{ status: string; amount_kobo: string; attention: string | null; paystack_refund_id: string | null }>(
    `SELECT status, amount_kobo::text, attention, paystack_refund_id::text FROM refunds WHERE payment_id IN (${placeholders(paymentIds)})`,
    paymentIds,
  );
  // 7 cancellations, 2 dispute decisions with money back, the wrong amount and the second tab.
  expect(refundRows).toHaveLength(11);
  expect(refundRows.filter((r) => r.status !== 'processed' || r.attention !== null)).toEqual([]);
  const sandboxRefunds = new Map(sandbox.store.refunds.map((r) => [String(r.id), r]));
  for (const r of refundRows)
    expect(sandboxRefunds.get(r.paystack_refund_id ?? '')).toMatchObject({ status: 'processed', amount: Number(r.amount_kobo) });
  expect(sandbox.store.refunds.filter((r) => r.status !== 'processed')).toEqual([]);

  // Payouts: none pending, none waiting for a person; each successful one is a successful transfer at Paystack.
  const payoutRows = await rows<{
    seller_id: string;
    order_id: string;
    reference: string;
    status: string;
    amount_kobo: string;
    attention: string | null;
  }>(
    `SELECT seller_id, order_id, reference, status, amount_kobo::text, attention FROM payouts WHERE seller_id IN (${placeholders(sellerIds)})`,
    sellerIds,
  );
  const payoutIds = (await rows<{ id: string }>(`SELECT id FROM payouts WHERE seller_id IN (${placeholders(sellerIds)})`, sellerIds)).map(
    (p) => p.id,
  );
  expect(payoutRows.filter((p) => p.status === 'pending' || p.attention !== null)).toEqual([]);
  const successful = payoutRows.filter((p) => p.status === 'success');
  // Batched per store: fewer transfers (and transfer fees) than the 42 delivered orders; the abandoned transfer is the one failed row.
  expect(successful.length).toBeGreaterThanOrEqual(shops.length);
  expect(successful.length).toBeLessThan(42);
  expect(payoutRows.filter((p) => p.status === 'failed').map((p) => p.reference)).toEqual([firstTransfer?.reference]);
  const transfers = new Map(sandbox.store.transfers.map((t) => [t.reference, t]));
  for (const p of successful) expect(transfers.get(p.reference)).toMatchObject({ status: 'success', amount: Number(p.amount_kobo) });
  expect(sandbox.store.transfers.filter((t) => t.status !== 'success').map((t) => [t.reference, t.status])).toEqual([
    [firstTransfer?.reference, 'abandoned'],
  ]);

  // The money queue holds this bench's payment in `review` and nothing else of its money.
  const queue = await moneyNeedingAttention(app.db);
  expect(queue.refunds.filter((r) => paymentIds.includes(r.paymentId))).toEqual([]);
  expect(queue.payouts.filter((p) => sellerIds.includes(p.sellerId))).toEqual([]);
  expect(queue.payments.filter((p) => paymentIds.includes(p.id)).map((p) => p.reference)).toEqual([wrongCurrency.reference]);

  // The ledger: this bench's journals (other test files' money may share a PostgreSQL database).
  const scope = `payment_id IN (${placeholders(paymentIds)}) OR order_id IN (${placeholders(orderIds, paymentIds.length + 1)}) OR payout_id IN (${placeholders(payoutIds, paymentIds.length + orderIds.length + 1)})`;
  const scopeValues = [...paymentIds, ...orderIds, ...payoutIds];
  const ledger = await rows<{ journal_id: string; kind: string; account: string; amount_kobo: string }>(
    `SELECT journal_id, kind, account, amount_kobo::text FROM ledger_entries WHERE ${scope}`,
    scopeValues,
  );
  if (!onPostgres) {
    // This bench's database holds only this test's money: the scope misses nothing.
    const [{ n: all } = { n: '0' }] = await rows<{ n: string }>('SELECT count(*)::text AS n FROM ledger_entries');
    expect(ledger).toHaveLength(Number(all));
  }
  // Every journal sums to zero (in the whole table), and so does all of this bench's money.
  expect(await rows('SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount_kobo) <> 0')).toEqual([]);
  const sumOf = (filter: (e: (typeof ledger)[number]) => boolean) => ledger.filter(filter).reduce((n, e) => n + Number(e.amount_kobo), 0);
  expect(sumOf(() => true)).toBe(0);
  const account = (name: string) => sumOf((e) => e.account === name);
  expect(account('refunds')).toBe(0);

  // Every store: nothing held, nothing waiting, paid out exactly its successful payouts (and the API shows the same).
  for (const shop of shops) {
    const theirs = successful.filter((p) => p.seller_id === shop.sellerId).reduce((n, p) => n + Number(p.amount_kobo), 0);
    expect(await storeBalances(app.db, shop.sellerId)).toEqual({ heldKobo: 0, availableKobo: 0, inTransferKobo: 0, paidOutKobo: theirs });
    const shown = sellerPayoutsSchema.parse((await get(app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data);
    expect(shown).toMatchObject({ held: '0.00', available: '0.00', paidOut: (theirs / 100).toFixed(2) });
  }

  // Paystack's side, from the sandbox's own book.
  const collected = sandbox.store.transactions.filter((t) => t.status === 'success' || t.status === 'reversed');
  const collectedNaira = collected.filter((t) => t.currency === 'NGN');
  const paidIn = collectedNaira.reduce((n, t) => n + t.amount, 0);
  const toStores = sandbox.store.transfers.filter((t) => t.status === 'success').reduce((n, t) => n + t.amount, 0);
  const toBuyers = sandbox.store.refunds.filter((r) => r.status === 'processed').reduce((n, r) => n + r.amount, 0);
  const chargeFees = collectedNaira.reduce((n, t) => n + paystackLocalFeeKobo(t.amount), 0);
  const transferFees = sandbox.store.transfers
    .filter((t) => t.status === 'success')
    .reduce((n, t) => n + paystackTransferFeeKobo(t.amount), 0);
  const paystackFees = chargeFees + transferFees;
  // What the platform keeps: at each release (commission and Paystack's fees passed through), and Paystack's fee a
  // cancelling buyer (or one whose second checkout was refunded) bears.
  // Paystack's transfer fees are withheld from each payout (and given back with a transfer that did not arrive).
  const platformFees = -sumOf(
    (e) => ['release', 'refund', 'unallocated', 'payout', 'payout-returned'].includes(e.kind) && e.account === 'platform:fees',
  );
  const releasedTotals = sumOf((e) => e.kind === 'release' && e.account.endsWith(':held'));
  expect(platformFees).toBeGreaterThan(0);
  // At least the commission on everything released (each release rounds its own down: up to a kobo less each).
  const releases = new Set(ledger.filter((e) => e.kind === 'release').map((e) => e.journal_id)).size;
  expect(platformFees).toBeGreaterThanOrEqual(platformFeeKobo(releasedTotals, FEE_PERCENT) - releases);

  // Paid in: the 50 orders' totals, the second tab's cart and the wrong amount (the other currency apart).
  const ordersKobo = orders.reduce((n, o) => n + Math.round(Number(o.order.totalPrice) * 100), 0);
  expect(paidIn).toBe(ordersKobo + Math.round(Number(tabWinner.amount) * 100) + wrongAmountKobo);

  // The ledger books the same movements as Paystack's book: in, to stores, to buyers, Paystack's fees.
  expect(-sumOf((e) => (e.kind === 'payment' || e.kind === 'unallocated') && e.account !== 'paystack')).toBe(paidIn);
  expect(-sumOf((e) => e.kind === 'payout-settled' && e.account === 'paystack')).toBe(toStores);
  expect(-sumOf((e) => e.kind === 'refund-settled' && e.account === 'paystack')).toBe(toBuyers);
  expect(sumOf((e) => (e.kind === 'provider-fee' || e.kind === 'transfer-fee') && e.account === 'platform:fees')).toBe(paystackFees);

  // What is left at Paystack of this money is the platform's own: its fees less Paystack's, which it bears.
  const leftAtPaystack = account('paystack');
  expect(leftAtPaystack).toBe(platformFees - paystackFees);
  expect(account('platform:fees')).toBe(-leftAtPaystack);

  // The identity, to the kobo:
  //   paid in = paid out to stores + refunded to buyers + Paystack's fees + the platform's net (its fees less Paystack's)
  // and, since the platform bears Paystack's fees out of its own: paid in = to stores + to buyers + platform fees.
  expect(paidIn).toBe(toStores + toBuyers + paystackFees + (platformFees - paystackFees));
  expect(paidIn).toBe(toStores + toBuyers + platformFees);

  // The ledger's `paystack` account is Paystack's balance, but for the payment held in `review`: the sandbox keeps one
  // naira balance and counts that collection in it, less its fee; the ledger books nothing for it until a person decides.
  const reviewAtPaystack = reviewKobo - paystackLocalFeeKobo(reviewKobo);
  expect(sandbox.balanceKobo()).toBe(leftAtPaystack + reviewAtPaystack);
  if (!onPostgres) {
    expect(await app.payments.checkProviderBalance()).toEqual({
      ledgerKobo: leftAtPaystack,
      inFlightKobo: 0,
      paystackKobo: leftAtPaystack + reviewAtPaystack,
      differenceKobo: reviewAtPaystack,
    });
  }

  // The wrong amount went back whole (the amount Paystack took, not the order's).
  expect(sandbox.store.refunds.filter((r) => r.transactionReference === wrongAmount.reference).map((r) => r.amount)).toEqual([
    wrongAmountKobo,
  ]);

  console.log(
    `full path: ${orders.length} orders, ${references.length} checkouts; checkouts ${((checkoutsDone - started) / 1000).toFixed(1)} s, ` +
      `flows ${((flowsDone - checkoutsDone) / 1000).toFixed(1)} s, checks ${((Date.now() - flowsDone) / 1000).toFixed(1)} s; ` +
      `paid in ₦${(paidIn / 100).toFixed(2)} = stores ₦${(toStores / 100).toFixed(2)} + buyers ₦${(toBuyers / 100).toFixed(2)} + platform fees ₦${(platformFees / 100).toFixed(2)} (Paystack's ₦${(paystackFees / 100).toFixed(2)} borne from them)`,
  );
});
