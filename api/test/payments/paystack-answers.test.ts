/**
 * The money path against Paystack's real answers, as the sandbox gives them.
 * Each behaviour was checked against Paystack's own documentation, not our
 * client (docs/api.md "Paystack, as the sandbox answers it" has the table):
 * - not found in the body, "Transaction reference not found" / "Transfer not
 *   found": API reference, Verify Transaction and Verify Transfer, and the
 *   errors pages https://paystack.com/docs/api/errors/transaction (HTTP 400
 *   live, as integrators report; 404 in the OpenAPI description);
 * - references "Only -, ., = and alphanumeric characters", the ₦50 minimum
 *   ("Invalid Amount Sent"): https://paystack.com/docs/api/transaction/#initialize
 *   and the API reference's supported-currency table;
 * - transfer references reused, the nine transfer states, `otp` and
 *   finalize_transfer: https://paystack.com/docs/transfers/how-transfers-work/,
 *   https://paystack.com/docs/api/transfer/ and /transfer-control/;
 * - refund states, needs-attention and Retry Refund, refund webhooks without a
 *   refund id: https://paystack.com/docs/payments/refunds/ and
 *   https://paystack.com/docs/api/refund/;
 * - collections settled to the bank, "Your balance is not enough to fulfil
 *   this request": https://paystack.com/docs/api/errors/transfer (its heading
 *   as integrators quote it) and Check Balance, https://paystack.com/docs/api/transfer-control/#balance;
 * - fees, 1.5% + ₦100 capped at ₦2,000 and ₦10/₦25/₦50 per transfer:
 *   https://paystack.com/pricing (Nigeria).
 * Then: no payment left without a path, and who bears Paystack's fees.
 */
import { ManualClock } from '../../src/lib/clock';
import { MAX_PAYOUT_TRANSFERS } from '../../src/money/payments/payout-service';
import { type PaystackClient } from '../../src/money/payments/paystack/client';
import { newPaymentReference } from '../../src/money/payments/checkout-service';
import { MAX_REFUND_ATTEMPTS, applyRefundWord } from '../../src/money/payments/refund-service';
import { sqlClientOf } from '../../src/search';
import { get, onPostgres, post, put } from '../helpers';
import { BENCH_SECRET_KEY, checkoutBody, fillCart, initiate, paidOrder, shopWith, signedIn, startBench, type Bench } from './harness';

jest.setTimeout(120_000);

const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
const MINUTE = 60_000;

async function rows<T extends Record<string, unknown>>(bench: Bench, text: string, values: unknown[] = []): Promise<T[]> {
  return (await sqlClientOf(bench.app).query<T>(text, values)).rows;
}

const statusOf = async (bench: Bench, reference: string | undefined) =>
  (await rows<{ status: string }>(bench, 'SELECT status FROM payments WHERE reference = $1', [reference]))[0]?.status;

/** The order's refund once Paystack has it (money-out runs are asked again while another instance holds the PostgreSQL lock). */
async function requestedRefund(bench: Bench, orderId: string) {
  for (let run = 0; run < 20; run += 1) {
    const [refund] = await rows<{ id: string; paystack_refund_id: string | null }>(
      bench,
      'SELECT id, paystack_refund_id FROM refunds WHERE order_id = $1',
      [orderId],
    );
    if (refund?.paystack_refund_id) return refund;
    await bench.app.payments.sendMoneyOut();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the refund of order ${orderId} never reached Paystack`);
}

const sandboxUrl = (bench: Bench) => `http://127.0.0.1:${(bench.sandbox.app.server.address() as { port: number }).port}`;

const payoutsOf = (bench: Bench, sellerId: string) =>
  rows<{ reference: string; status: string; attention: string | null; failure_reason: string | null }>(
    bench,
    'SELECT reference, status, attention, failure_reason FROM payouts WHERE seller_id = $1 ORDER BY created_at, reference',
    [sellerId],
  );

describe('the client reads Paystack refusals from the body', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench({ settleDelayMs: 600_000 });
  });
  afterAll(() => bench.close());
  const client = () => bench.app.paystack as PaystackClient;

  test('an unknown transaction reference is status:false with HTTP 400, and reads as not found', async () => {
    const raw = await fetch(`${sandboxUrl(bench)}/transaction/verify/cm-unknown`, {
      headers: { authorization: `Bearer ${BENCH_SECRET_KEY}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ status: false, message: 'Transaction reference not found' });
    expect(await client().verifyTransaction('cm-unknown')).toBeNull();
  });

  test("references: ours use only Paystack's characters; an underscore is refused", async () => {
    expect(newPaymentReference()).toMatch(/^[A-Za-z0-9.=-]+$/);
    await expect(
      client().initializeTransaction({
        email: 'a@campus.edu.ng',
        amountKobo: 10_000,
        reference: 'cm_0123456789',
        callbackUrl: 'http://shop.test/r',
      }),
    ).rejects.toMatchObject({
      message: 'Invalid character in transaction reference',
    });
  });

  test('a charge under ₦50 is refused by Paystack, and by our checkout first with a clear message', async () => {
    await expect(
      client().initializeTransaction({
        email: 'a@campus.edu.ng',
        amountKobo: 4_999,
        reference: 'cm-small-1',
        callbackUrl: 'http://shop.test/r',
      }),
    ).rejects.toMatchObject({
      message: 'Invalid Amount Sent',
    });
    const shop = await shopWith(bench.app, 'Sweet', '20', 5);
    const buyer = await signedIn(bench.app);
    const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 2 }]);
    const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
    expect(started.status).toBe(400);
    expect(started.body.message).toBe('Card payments start at ₦50.00. Please add to your cart to check out.');
  });

  test('a reused transfer reference is refused by Paystack; the client answers the transfer already made under it', async () => {
    const recipient = await client().createTransferRecipient({ name: 'Ada', accountNumber: '0123456789', bankCode: '058' });
    bench.sandbox.topUp(100_000);
    const first = await client().initiateTransfer({
      amountKobo: 50_000,
      recipientCode: recipient.recipient_code,
      reference: 'stl_reused_reference_01',
      reason: 'x',
    });
    const raw = await fetch(`${sandboxUrl(bench)}/transfer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_SECRET_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'balance',
        amount: 50_000,
        recipient: recipient.recipient_code,
        reference: 'stl_reused_reference_01',
      }),
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { message: string }).message).toBe('Duplicate Transfer Reference');
    const again = await client().initiateTransfer({
      amountKobo: 50_000,
      recipientCode: recipient.recipient_code,
      reference: 'stl_reused_reference_01',
      reason: 'x',
    });
    expect(again.transfer_code).toBe(first.transfer_code);
    expect(bench.sandbox.store.transfers.filter((t) => t.reference === 'stl_reused_reference_01')).toHaveLength(1);
  });
});

describe('transfers in every state Paystack gives', () => {
  test('Transfer OTP on: the payout waits for a person, then goes through once the OTP is given', async () => {
    const bench = await startBench({ settleDelayMs: 600_000, sandboxOptions: { transferOtp: true }, clock });
    try {
      const shop = await shopWith(bench.app, 'Kettle', '6,000', 2);
      const { order } = await paidOrder(bench, shop);
      expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
        200,
      );
      await bench.settle();
      const [waiting] = await payoutsOf(bench, shop.sellerId);
      expect(waiting).toMatchObject({ status: 'pending', attention: expect.stringContaining('OTP') });
      // A person finalises it with the OTP (on Paystack's dashboard; here its finalize call).
      const transfer = bench.sandbox.store.transfers.find((t) => t.reference === waiting?.reference);
      const key = BENCH_SECRET_KEY;
      const finalised = await fetch(`${sandboxUrl(bench)}/transfer/finalize_transfer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ transfer_code: transfer?.transferCode, otp: '123456' }),
      });
      expect(finalised.status).toBe(200);
      bench.sandbox.settleNow();
      await bench.settle();
      clock.advance(11 * MINUTE);
      await bench.app.payments.reconcile();
      expect(await payoutsOf(bench, shop.sellerId)).toEqual([expect.objectContaining({ status: 'success', attention: null })]);
    } finally {
      await bench.close();
    }
  });

  test("abandoned, blocked and rejected transfers (no webhook) are found by the sweeper: the money is back and the store's next payout, after a backoff, is a new transfer", async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      for (const status of ['abandoned', 'blocked', 'rejected'] as const) {
        const shop = await shopWith(bench.app, `Lamp ${status}`, '3,000', 2);
        const { order } = await paidOrder(bench, shop);
        expect(
          (await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status,
        ).toBe(200);
        await bench.settle();
        const [sent] = await payoutsOf(bench, shop.sellerId);
        bench.sandbox.setTransferStatus(sent?.reference ?? '', status);
        clock.advance(11 * MINUTE);
        await bench.app.payments.reconcile();
        const after = await payoutsOf(bench, shop.sellerId);
        expect(after).toEqual([expect.objectContaining({ reference: sent?.reference, status: 'failed' })]);
        // The seller is told Paystack's word, never our narration.
        expect(after[0]?.failure_reason).not.toContain('Campus Marketplace payout');
        const money = (await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as {
          available: string;
          paidOut: string;
        };
        // ₦3,000 less Paystack's ₦145 card fee (1.5% + ₦100), passed through (fee-rules.ts); the transfer's fee came back with it.
        expect(money).toMatchObject({ available: '2855.00', paidOut: '0.00' });
        clock.advance(16 * MINUTE);
        await bench.app.payments.reconcile();
        const next = await payoutsOf(bench, shop.sellerId);
        expect(next).toHaveLength(2);
        expect(next.find((p) => p.reference !== sent?.reference)).toMatchObject({
          status: 'pending',
          reference: expect.stringMatching(/^po_/),
        });
        expect(bench.sandbox.store.transfers.filter((t) => next.some((p) => p.reference === t.reference))).toHaveLength(2);
      }
    } finally {
      await bench.close();
    }
  });

  test(`after ${MAX_PAYOUT_TRANSFERS} transfers in a row that did not go through, no new one is made: the store's money waits for a person`, async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const shop = await shopWith(bench.app, 'Router', '9,000', 2);
      const { order } = await paidOrder(bench, shop);
      expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
        200,
      );
      await bench.settle();
      for (let i = 0; i < MAX_PAYOUT_TRANSFERS; i += 1) {
        if (!(await payoutsOf(bench, shop.sellerId)).some((p) => p.status === 'pending')) {
          clock.advance(25 * 60 * MINUTE);
          await bench.app.payments.sendMoneyOut();
        }
        const pending = (await payoutsOf(bench, shop.sellerId)).find((p) => p.status === 'pending');
        if (!pending) throw new Error(`no pending payout at attempt ${i + 1}`);
        expect(bench.sandbox.store.transfers.some((t) => t.reference === pending.reference)).toBe(true);
        bench.sandbox.setTransferStatus(pending.reference, 'failed');
        await bench.settle();
      }
      clock.advance(25 * 60 * MINUTE);
      await bench.app.payments.sendMoneyOut();
      const all = await payoutsOf(bench, shop.sellerId);
      expect(all).toHaveLength(MAX_PAYOUT_TRANSFERS);
      expect(all.every((p) => p.status === 'failed')).toBe(true);
      expect(all.at(-1)?.attention).toContain(`${MAX_PAYOUT_TRANSFERS} transfers`);
      // ₦9,000 less the ₦235 card fee: the store keeps it, unpaid.
      expect((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data).toMatchObject({ available: '8765.00' });
    } finally {
      await bench.close();
    }
  });

  test('collections paid out to the bank: a payout the balance cannot cover waits (not a failed attempt, /health says so) and goes once the balance is topped up', async () => {
    const bench = await startBench({ settleDelayMs: 600_000, sandboxOptions: { settlement: 'bank' }, clock });
    try {
      const shop = await shopWith(bench.app, 'Blender', '8,000', 2);
      const { order } = await paidOrder(bench, shop);
      bench.sandbox.settleNow(); // Paystack's settlement: the collection leaves for the business's bank
      expect(bench.sandbox.balanceKobo()).toBe(0);
      expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
        200,
      );
      await bench.settle();
      const [short] = await payoutsOf(bench, shop.sellerId);
      expect(short).toMatchObject({ status: 'pending', attention: null, failure_reason: 'Waiting for the platform to fund payouts' });
      expect(
        (await rows<{ attempts: number }>(bench, 'SELECT attempts FROM payouts WHERE seller_id = $1', [shop.sellerId]))[0]?.attempts,
      ).toBe(0);
      expect((await get(bench.app, '/health')).body.data).toMatchObject({ alerts: expect.arrayContaining(['paystack-balance-short']) });
      bench.sandbox.topUp(1_000_000);
      // Tried again within the hour, on its own.
      clock.advance(61 * MINUTE);
      await bench.app.payments.sendMoneyOut();
      bench.sandbox.settleNow();
      await bench.settle();
      expect(await payoutsOf(bench, shop.sellerId)).toEqual([expect.objectContaining({ status: 'success' })]);
      expect((await get(bench.app, '/health')).body.data).not.toMatchObject({ alerts: expect.arrayContaining(['paystack-balance-short']) });
    } finally {
      await bench.close();
    }
  });
});

describe('refunds followed by their Paystack id', () => {
  test(`a refund Paystack fails is asked again as a new refund, up to ${MAX_REFUND_ATTEMPTS} times, then waits for a person`, async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const shop = await shopWith(bench.app, 'Iron', '4,000', 2);
      const { buyer, order, reference } = await paidOrder(bench, shop);
      expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
      await bench.settle();
      for (let i = 0; i < MAX_REFUND_ATTEMPTS; i += 1) {
        const [refund] = await rows<{ paystack_refund_id: string | null; status: string; last_error: string | null }>(
          bench,
          'SELECT paystack_refund_id, status, last_error FROM refunds WHERE order_id = $1',
          [order.id],
        );
        expect({ attempt: i + 1, ...refund }).toMatchObject({ attempt: i + 1, status: 'requested' });
        bench.sandbox.setRefundStatus(Number(refund?.paystack_refund_id), 'failed');
        await bench.settle();
        // A second refund.failed on this transaction has the same bytes as the first (no refund id in it), so it is
        // taken for a redelivery: the sweeper reads the refund by its id instead, and the next run asks again.
        clock.advance(11 * MINUTE);
        await bench.app.payments.sendMoneyOut();
        clock.advance(7 * 60 * MINUTE);
        await bench.app.payments.sendMoneyOut();
      }
      const [last] = await rows<{ status: string; attention: string | null; attempts: number }>(
        bench,
        'SELECT status, attention, attempts FROM refunds WHERE order_id = $1',
        [order.id],
      );
      expect(last).toMatchObject({ status: 'pending', attempts: MAX_REFUND_ATTEMPTS });
      expect(last?.attention).toContain(`${MAX_REFUND_ATTEMPTS} attempts`);
      expect(bench.sandbox.store.refunds.filter((r) => r.transactionReference === reference)).toHaveLength(MAX_REFUND_ATTEMPTS);
    } finally {
      await bench.close();
    }
  });

  test("a bank-transfer payment: the refund needs the buyer's account, the buyer is asked, gives it, and the refund is paid", async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const shop = await shopWith(bench.app, 'Fan', '5,000', 2);
      const { buyer, order } = await paidOrder(bench, shop, 1, 'pay-transfer');
      expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
      await bench.settle();
      bench.sandbox.settleNow();
      await bench.settle();
      const waiting = (await get(bench.app, '/payments/refunds/awaiting-account', buyer.token)).body.data as Array<{
        id: string;
        amount: string;
      }>;
      // The buyer cancelled: ₦5,000 back less Paystack's ₦175 fee on the payment, which Paystack keeps.
      expect(waiting).toEqual([expect.objectContaining({ amount: '4825.00', orderId: order.id })]);
      expect(
        bench.app.mailer.mailbox?.list(buyer.email).some((m) => m.subject === 'Your refund of ₦4,825.00 needs your bank account'),
      ).toBe(true);
      const refundId = waiting[0]?.id ?? '';
      // Someone else cannot point it at their account; a made-up account is refused by the bank check.
      const stranger = await signedIn(bench.app);
      expect(
        (await post(bench.app, `/payments/refunds/${refundId}/account`, { bankCode: '058', accountNumber: '0123456789' }, stranger.token))
          .status,
      ).toBe(403);
      expect(
        (await post(bench.app, `/payments/refunds/${refundId}/account`, { bankCode: '058', accountNumber: '0001234567' }, buyer.token))
          .status,
      ).toBe(400);
      const given = await post(
        bench.app,
        `/payments/refunds/${refundId}/account`,
        { bankCode: '058', accountNumber: '0123456789' },
        buyer.token,
      );
      expect(given.status).toBe(200);
      bench.sandbox.settleNow();
      await bench.settle();
      const [refund] = await rows<{ status: string }>(bench, 'SELECT status FROM refunds WHERE id = $1', [refundId]);
      expect(refund?.status).toBe('processed');
      expect((await get(bench.app, '/payments/refunds/awaiting-account', buyer.token)).body.data).toEqual([]);
    } finally {
      await bench.close();
    }
  });
});

describe('no money without a path', () => {
  test('a checkout replaced by a newer one, paid after the newer one was: refunded, one order, the cart charged once', async () => {
    const bench = await startBench({ clock });
    try {
      const shop = await shopWith(bench.app, 'Textbook', '3,500', 5);
      const buyer = await signedIn(bench.app);
      const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const first = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      const second = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      bench.sandbox.act(second.data?.access_code ?? '', 'pay');
      await bench.settle();
      // A slow bank transfer in the first tab comes through later.
      bench.sandbox.act(first.data?.access_code ?? '', 'pay');
      await bench.settle();
      expect(await statusOf(bench, first.data?.reference)).toBe('refunded');
      expect(await statusOf(bench, second.data?.reference)).toBe('success');
      expect(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[]).length).toBe(1);
      const [refund] = await rows<{ amount_kobo: string }>(
        bench,
        'SELECT amount_kobo::text FROM refunds WHERE payment_id = (SELECT id FROM payments WHERE reference = $1)',
        [first.data?.reference],
      );
      // The second payment is the buyer's doing: refunded less Paystack's fee on it (₦52.50 + ₦100), which Paystack keeps.
      expect(refund?.amount_kobo).toBe('334750');
    } finally {
      await bench.close();
    }
  });

  test('the older checkout paid first is the order; the newer one, paid later, is refunded', async () => {
    const bench = await startBench({ clock });
    try {
      const shop = await shopWith(bench.app, 'Desk', '12,000', 5);
      const buyer = await signedIn(bench.app);
      const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const first = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      const second = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      bench.sandbox.act(first.data?.access_code ?? '', 'pay');
      await bench.settle();
      bench.sandbox.act(second.data?.access_code ?? '', 'pay');
      await bench.settle();
      expect(await statusOf(bench, first.data?.reference)).toBe('success');
      expect(await statusOf(bench, second.data?.reference)).toBe('refunded');
      // A later purchase from the same cart is a new checkout of its own, not a duplicate.
      const again = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const third = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, again));
      bench.sandbox.act(third.data?.access_code ?? '', 'pay');
      await bench.settle();
      expect(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[]).length).toBe(2);
    } finally {
      await bench.close();
    }
  });

  test("paying and cancelling in a loop costs the platform nothing; a seller's cancellation costs it Paystack's fee, and /health says so", async () => {
    const bench = await startBench({ clock });
    try {
      // This store's money only (other test files' money may share a PostgreSQL database).
      const platformFees = async () =>
        Number(
          (
            await rows<{ kobo: string }>(
              bench,
              `SELECT coalesce(sum(amount_kobo), 0)::text AS kobo FROM ledger_entries WHERE account = 'platform:fees'
                 AND (order_id IN (SELECT id FROM orders WHERE seller_id = $1) OR payment_id IN (SELECT payment_id FROM orders WHERE seller_id = $1))`,
              [shop.sellerId],
            )
          )[0]?.kobo,
        );
      const shop = await shopWith(bench.app, 'Headphones', '20,000', 10);
      for (let round = 0; round < 3; round += 1) {
        const { buyer, order } = await paidOrder(bench, shop);
        expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
        await bench.settle();
      }
      // Paystack kept ₦400 of each payment (1.5% + ₦100); each buyer bore it, so the platform is square.
      expect(await platformFees()).toBe(0);
      await bench.app.payments.reconcile();
      // /health speaks of the whole database: on a PostgreSQL shared with other test files, only this store's figures above count.
      if (!onPostgres) expect((await get(bench.app, '/health')).body.data).not.toHaveProperty('alerts');

      const { order } = await paidOrder(bench, shop);
      expect((await put(bench.app, `/orders/${order.id}/status`, { orderStatus: 'CANCELLED' }, shop.token)).status).toBe(200);
      await bench.settle();
      // The seller cancelled: the buyer gets everything back, and the platform has paid Paystack's ₦400.
      expect(await platformFees()).toBe(40_000);
      await bench.app.payments.reconcile();
      if (!onPostgres) expect((await get(bench.app, '/health')).body.data).toMatchObject({ alerts: ['platform-fees-below-zero'] });
    } finally {
      await bench.close();
    }
  });

  test("the buyer's newer tab holds nothing against the older one: the last unit, paid in the older tab, is the order", async () => {
    const bench = await startBench({ clock });
    try {
      const shop = await shopWith(bench.app, 'Last calculator', '7,000', 1);
      const buyer = await signedIn(bench.app);
      const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const older = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      const newer = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      expect(newer.status).toBe(200);
      bench.sandbox.act(older.data?.access_code ?? '', 'pay');
      await bench.settle();
      expect(await statusOf(bench, older.data?.reference)).toBe('success');
      expect(await statusOf(bench, newer.data?.reference)).toBe('abandoned');
    } finally {
      await bench.close();
    }
  });

  test('two tabs of one cart confirmed at the same moment: one order, the other refunded', async () => {
    const bench = await startBench({ clock, settleDelayMs: 600_000 });
    try {
      const shop = await shopWith(bench.app, 'Graph paper', '2,000', 5);
      const buyer = await signedIn(bench.app);
      const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const tabs = [
        await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart)),
        await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart)),
      ];
      // Both paid at Paystack: their webhooks and the browser's return from each tab confirm them at the same moment.
      for (const tab of tabs) bench.sandbox.act(tab.data?.access_code ?? '', 'pay');
      await Promise.all(tabs.map((tab) => get(bench.app, `/payments/verify/${tab.data?.reference}`, buyer.token)));
      await bench.settle();
      const statuses = await Promise.all(tabs.map((tab) => statusOf(bench, tab.data?.reference)));
      expect(statuses.sort()).toEqual(['refunded', 'success']);
      expect(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[]).length).toBe(1);
    } finally {
      await bench.close();
    }
  });
});

describe('words that come late or from elsewhere', () => {
  test('a late word on an earlier Paystack refund of a row asked again since changes nothing; a refund made on the dashboard is no error', async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const shop = await shopWith(bench.app, 'Kettle two', '4,000', 2);
      const { buyer, order, reference } = await paidOrder(bench, shop);
      expect((await post(bench.app, `/orders/${order.id}/cancel`, {}, buyer.token)).status).toBe(200);
      await bench.settle();
      const first = await requestedRefund(bench, order.id);
      const firstPaystackId = Number(first?.paystack_refund_id);
      bench.sandbox.setRefundStatus(firstPaystackId, 'failed');
      await bench.settle();
      clock.advance(11 * MINUTE);
      await bench.app.payments.sendMoneyOut();
      const [again] = await rows<{ status: string; paystack_refund_id: string }>(
        bench,
        'SELECT status, paystack_refund_id FROM refunds WHERE order_id = $1',
        [order.id],
      );
      expect(again?.status).toBe('requested');
      expect(Number(again?.paystack_refund_id)).not.toBe(firstPaystackId);
      // Paystack's "failed" for the first refund, read late: the row follows the second one now and stays as it is.
      await applyRefundWord(bench.app.db, first?.id ?? '', firstPaystackId, 'failed', { config: bench.app.config, now: clock.now() });
      expect(await rows(bench, 'SELECT status, paystack_refund_id FROM refunds WHERE order_id = $1', [order.id])).toEqual([again]);

      // Someone refunds another payment by hand on Paystack's dashboard: its webhook finds no refund of ours, and that is the end of it.
      const other = await paidOrder(bench, shop);
      await bench.app.paystack.refund({ reference: other.reference, amountKobo: 100_000, reason: 'by hand' });
      await bench.settle();
      expect(
        await rows(bench, 'SELECT event FROM paystack_events WHERE reference = $1 AND processed_at IS NULL', [other.reference]),
      ).toEqual([]);
      expect(reference).not.toBe(other.reference);
    } finally {
      await bench.close();
    }
  });

  test('a transfer reported paid after it was reported failed: it waits for a person, and the store gets no new payout meanwhile', async () => {
    const bench = await startBench({ settleDelayMs: 600_000, clock });
    try {
      const shop = await shopWith(bench.app, 'Toaster', '3,500', 2);
      const { order } = await paidOrder(bench, shop);
      expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(
        200,
      );
      await bench.settle();
      const [sent] = await payoutsOf(bench, shop.sellerId);
      bench.sandbox.setTransferStatus(sent?.reference ?? '', 'failed');
      await bench.settle();
      bench.sandbox.setTransferStatus(sent?.reference ?? '', 'success');
      await bench.settle();
      const after = await payoutsOf(bench, shop.sellerId);
      expect(after.map((p) => [p.status, p.attention !== null])).toEqual([['failed', true]]);
      // Held: no new transfer of the money (which may have arrived) while a person looks.
      clock.advance(25 * 60 * MINUTE);
      await bench.app.payments.sendMoneyOut();
      expect(await payoutsOf(bench, shop.sellerId)).toHaveLength(1);
      expect(bench.sandbox.store.transfers).toEqual([expect.objectContaining({ reference: sent?.reference })]);
    } finally {
      await bench.close();
    }
  });
});
