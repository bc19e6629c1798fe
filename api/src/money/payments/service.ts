/**
 * Payments and the money after them: checkout, Paystack's word on
 * a payment (webhook, the browser's verify, reconciliation), refunds and
 * payouts. The rules that touch the database run in the checkout, refund and
 * payout services' transactions; this service calls Paystack outside them and puts the steps
 * in order, so a crash between any two steps is picked up by the next
 * reconciliation:
 *
 *   initiate:  reserve (commit) → Paystack initialize → note the checkout page
 *   webhook:   signature → record the event (commit) → 200 → process it
 *   fulfil:    one transaction (orders, stock, cart, ledger, e-mails queued)
 *   refund:    decided in a transaction → requested from Paystack → settled by webhook
 *   payout:    a store's available money batched (queueStorePayouts) → recipient → transfer → settled by webhook
 *   e-mails:   queued in the money transaction → sent after commit (outbox)
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BuyerOrder, PaymentInitiateBody, PaymentInitiateResult, PaymentVerifyResult } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, providerDown } from '../../lib/domain-errors';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../plugins/mailer';
import { duePayouts, notePayoutAttention, unsettledPayouts } from './payout-repository';
import { markPayoutNotSent, markPayoutSent, queueStorePayouts, settlePayout, type TransferWord } from './payout-service';
import type { PayoutRow } from '../../db/schema';
import { toDecimal } from '../../products';
import { CHECKOUT_CALLBACK_PATH } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { accountBalance } from './ledger-repository';
import { flushOutbox } from './outbox';
import { PaystackError, UNPAID_TRANSFER_STATUSES, type PaystackBank, type PaystackClient, type PaystackTransfer } from './paystack/client';
import { payoutDestination } from './payout-destination';
import { isPaystackSignatureValid } from './paystack/signature';
import { koboFromWire as kobo } from './paystack/wire';
import { fulfilPayment, reserveCheckout, type FulfilOutcome } from './checkout-service';
import { applyRefundWord, markRefundRetry } from './refund-service';
import {
  dueRefunds,
  knownPaystackRefundIds,
  markEventProcessed,
  markPaymentChecked,
  markPaymentFailed,
  markRefundForAttention,
  markRefundRequested,
  markRefundSending,
  moneyOnItsWayKobo,
  notePaystackTransactionId,
  paymentByReference,
  paymentsToReconcile,
  recordCheckoutPage,
  recordPaystackEvent,
  refundAwaitingAccount,
  refundMayBeUnnoted,
  refundsAtPaystack,
  unprocessedEvents,
  withMoneyOutLock,
  type DueRefund,
  type FollowedRefund,
} from './repository';

export interface PaymentsDeps {
  db: Db;
  driver: 'pglite' | 'postgres';
  config: AppConfig;
  paystack: PaystackClient;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  completionSecret: string;
  /** Paystack's key (or the sandbox's): signs the webhooks. */
  paystackSecretKey: string;
  /** Products whose stock changed: the search index follows. */
  reindex(productIds: readonly string[]): Promise<void>;
  /** The buyer's orders made by one payment (orders/service.ts listBuyerOrders): passed in, as orders build on payments. */
  ordersOfPayment(userId: string, paymentId: string, now: Date): Promise<BuyerOrder[]>;
}

type PaystackEvent = { event: string; data: Record<string, unknown> };

/** Alerts about the money as a whole, for a person (health detail). */
export type MoneyAlert = 'paystack-balance-differs' | 'paystack-balance-short' | 'platform-fees-below-zero';

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** Paystack's conclusive word on a transfer (verify or webhook) as settlePayout takes it; null while it is under way. */
function transferWord(transfer: Pick<PaystackTransfer, 'status' | 'gateway_response' | 'fee_charged'>): TransferWord | null {
  const status = transfer.status;
  if (status !== 'success' && !(UNPAID_TRANSFER_STATUSES as readonly string[]).includes(status)) return null;
  return { outcome: status as TransferWord['outcome'], reason: transfer.gateway_response ?? null, feeKobo: transfer.fee_charged ?? null };
}

/** What the money queue says of a transfer that waits for Paystack's Transfer OTP (the API cannot give one). */
const OTP_ATTENTION =
  'Paystack is waiting for a transfer OTP: turn Transfer OTP off (docs/api.md, going live) or finalise it on the dashboard';
/** Sent, then no word from Paystack for this long: asked again (the sweeper). */
const REFUND_SWEEP_AFTER_MS = 10 * 60_000;

export class PaymentsService {
  private readonly background = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private banks: { list: PaystackBank[]; at: number } | null = null;
  private reconciling: Promise<void> | null = null;
  private moneyOut: Promise<void> = Promise.resolve();
  private eventRun: Promise<void> = Promise.resolve();
  private lastBalanceDifference: number | null = null;
  private readonly alerts = new Set<MoneyAlert>();

  constructor(private readonly deps: PaymentsDeps) {}

  /**
   * The same service on another clock (and mailer): the demo seed makes a term of history through the
   * real code paths with a clock it moves through the past. Background work is this copy's own.
   */
  withDeps(overrides: Pick<PaymentsDeps, 'clock'> & Partial<Pick<PaymentsDeps, 'mailer' | 'config' | 'reindex'>>): PaymentsService {
    return new PaymentsService({ ...this.deps, ...overrides });
  }

  /** The key of the completion codes (orders read the buyer's copy with it). */
  get completionSecret(): string {
    return this.deps.completionSecret;
  }

  /** After a committed change that moved money: the index follows the stock; refunds, payouts and e-mails go out. */
  afterCommit(productIds: readonly string[]): void {
    this.soon(async () => {
      if (productIds.length > 0) await this.deps.reindex(productIds);
      await this.sendMoneyOut();
    });
  }

  // ---- checkout ------------------------------------------------------------

  async initiate(user: UserRow, body: PaymentInitiateBody): Promise<PaymentInitiateResult> {
    const { db, paystack, clock, config } = this.deps;
    const payment = await reserveCheckout(db, {
      userId: user.id,
      // Paystack mails its own receipt here: the account's verified address, whatever the browser sent.
      email: user.email,
      cartId: body.metadata.cartId,
      claimedKobo: body.amount,
      pickup: { hostelName: body.hostelName, blockNumber: body.blockNumber, roomNo: body.roomNo },
      now: clock.now(),
    });
    try {
      const page = await paystack.initializeTransaction({
        email: payment.email,
        amountKobo: payment.amountKobo,
        reference: payment.reference,
        // The cart remote's return page (the federation contract's checkoutCallback screen).
        callbackUrl: `${config.appUrl}${CHECKOUT_CALLBACK_PATH}`,
        metadata: { cartId: payment.cartId, paymentId: payment.id },
      });
      await recordCheckoutPage(db, payment.id, page.authorization_url, page.access_code, clock.now());
      return { authorization_url: page.authorization_url, access_code: page.access_code, reference: payment.reference };
    } catch (error) {
      // No checkout page, so nobody can pay it: release the items at once.
      await markPaymentFailed(db, payment.id, clock.now());
      this.deps.log.error({ err: error, reference: payment.reference }, 'Paystack did not start the payment');
      throw providerDown(MESSAGES.payment.providerDown);
    }
  }

  /** The browser is back from the payment page: ask Paystack itself, fulfil if paid, answer the state and orders. */
  async verify(userId: string, reference: string): Promise<PaymentVerifyResult> {
    const { db, clock } = this.deps;
    let payment = await paymentByReference(db, reference);
    if (!payment) throw notFound(MESSAGES.payment.notFound);
    if (payment.userId !== userId) throw forbidden(MESSAGES.payment.notYours);
    if (payment.status === 'pending' || payment.status === 'abandoned' || payment.status === 'failed') {
      await this.checkWithPaystack(payment.reference, payment.id);
      payment = (await paymentByReference(db, reference)) ?? payment;
    }
    const orders = payment.status === 'success' ? await this.deps.ordersOfPayment(userId, payment.id, clock.now()) : [];
    return { reference: payment.reference, status: payment.status, amount: toDecimal(payment.amountKobo), orders };
  }

  /** Paystack's own word on one payment; fulfils it when paid. Unreachable Paystack: left for the next run. */
  private async checkWithPaystack(reference: string, paymentId: string): Promise<void> {
    const { db, paystack, clock, log } = this.deps;
    try {
      const transaction = await paystack.verifyTransaction(reference);
      if (transaction?.status === 'success') {
        await this.afterFulfil(await fulfilPayment(db, { ...transaction, id: transaction.id }, this.fulfilContext()));
      } else {
        await markPaymentChecked(db, paymentId, clock.now(), transaction?.status === 'failed' ? 'failed' : undefined);
      }
    } catch (error) {
      log.warn({ err: error, reference }, 'payment not verified with Paystack; will retry');
    }
  }

  private fulfilContext() {
    return { config: this.deps.config, completionSecret: this.deps.completionSecret, now: this.deps.clock.now() };
  }

  private async afterFulfil(outcome: FulfilOutcome): Promise<void> {
    if (outcome.kind === 'fulfilled') await this.deps.reindex(outcome.productIds);
    if (outcome.kind === 'review')
      this.deps.log.error({ reference: outcome.payment.reference, reason: outcome.reason }, 'payment flagged for review');
    // Refunds, payouts and the e-mails the transaction queued (the buyer is told of a review too).
    if (outcome.kind === 'fulfilled' || outcome.kind === 'refunded' || outcome.kind === 'review') this.soon(() => this.sendMoneyOut());
  }

  // ---- webhook -------------------------------------------------------------

  /**
   * A Paystack webhook: the signature is checked over the raw bytes before
   * anything else; the event is recorded (a redelivery is the same row) and
   * processed after the answer, so Paystack gets its 200 at once.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<'ok' | 'bad-signature' | 'bad-body'> {
    const { db, clock } = this.deps;
    if (!isPaystackSignatureValid(this.deps.paystackSecretKey, rawBody, signature)) return 'bad-signature';
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'bad-body';
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as PaystackEvent).event !== 'string') return 'bad-body';
    const event = parsed as PaystackEvent;
    const data = typeof event.data === 'object' && event.data !== null ? event.data : {};
    const reference = text(data.reference) ?? text(data.transaction_reference);
    const id = createHash('sha256').update(rawBody).digest('hex');
    const fresh = await recordPaystackEvent(db, id, event.event, reference, parsed, clock.now());
    if (fresh) this.soon(() => this.processEvents());
    return 'ok';
  }

  /** Every recorded, unprocessed event, oldest first (after a crash too); one run at a time in this process. */
  processEvents(): Promise<void> {
    const run = this.eventRun.then(() => this.processEventsNow());
    this.eventRun = run.catch(() => undefined);
    return run;
  }

  private async processEventsNow(): Promise<void> {
    const { db, clock, log } = this.deps;
    for (const row of await unprocessedEvents(db, 100)) {
      try {
        await this.handleEvent(row.payload as PaystackEvent);
        await markEventProcessed(db, row.id, clock.now(), null);
      } catch (error) {
        log.error({ err: error, event: row.event, reference: row.reference }, 'Paystack event not processed; will retry');
        await markEventProcessed(db, row.id, clock.now(), error instanceof Error ? error.message : String(error));
      }
    }
  }

  private async handleEvent(event: PaystackEvent): Promise<void> {
    const { db, clock, config } = this.deps;
    const data = event.data ?? {};
    switch (event.event) {
      case 'charge.success': {
        const reference = text(data.reference);
        const amount = kobo(data.amount);
        const currency = text(data.currency);
        if (!reference || amount === null || !currency) return;
        const id = kobo(data.id) ?? undefined;
        const outcome = await fulfilPayment(db, { reference, amount, currency, fees: kobo(data.fees), id }, this.fulfilContext());
        if (outcome.kind === 'not-found') this.deps.log.warn({ reference }, 'charge.success for a payment we do not know');
        await this.afterFulfil(outcome);
        return;
      }
      case 'transfer.success':
      case 'transfer.failed':
      case 'transfer.reversed': {
        const reference = text(data.reference);
        if (!reference) return;
        const status = event.event.slice('transfer.'.length) as 'success' | 'failed' | 'reversed';
        // data.reason is our own narration echoed back: the seller is told Paystack's word, or none.
        const word = transferWord({ status, gateway_response: text(data.gateway_response), fee_charged: kobo(data.fee_charged) });
        if (word) await settlePayout(db, reference, word, { config, now: clock.now() });
        this.soon(() => flushOutbox(db, this.deps.mailer, () => clock.now(), this.deps.log));
        return;
      }
      case 'refund.pending':
      case 'refund.processing':
      case 'refund.processed':
      case 'refund.failed':
      case 'refund.needs-attention': {
        // Refund events carry the transaction's reference, not the refund's id (only needs-attention does):
        // each of that payment's refunds at Paystack is read again by its id, so two refunds of one amount
        // on one payment are never confused.
        const reference = text(data.transaction_reference);
        if (!reference) return;
        const followed = await refundsAtPaystack(db, { reference });
        // This webhook beat our note of a request that went out: left unprocessed, retried by reconciliation.
        // Otherwise (a late word on a finished refund, a refund made on Paystack's dashboard) there is nothing to do.
        if (followed.length === 0 && (await refundMayBeUnnoted(db, reference)))
          throw new Error(`no refund at Paystack noted yet on ${reference}`);
        for (const refund of followed) await this.followRefund(refund);
        this.soon(() => flushOutbox(db, this.deps.mailer, () => clock.now(), this.deps.log));
        return;
      }
      default:
        // Paystack sends other events too (refund.pending, customeridentification…): recorded, nothing to do.
        return;
    }
  }

  // ---- money out -------------------------------------------------------------

  /**
   * Requests due refunds, sends due payouts, then the e-mails they queued.
   * One run at a time (in this process, and across instances through a
   * database lock): two runs could both find a refund not yet at Paystack and
   * both send it.
   */
  sendMoneyOut(): Promise<void> {
    const run = this.moneyOut.then(async () => {
      // Across instances on one PostgreSQL database too: another instance's run sends what is due.
      await withMoneyOutLock(this.deps.db, this.deps.driver, async () => {
        await this.requestRefunds();
        await this.sendPayouts();
      });
      await flushOutbox(this.deps.db, this.deps.mailer, () => this.deps.clock.now(), this.deps.log);
    });
    this.moneyOut = run.catch(() => undefined);
    return run;
  }

  private async requestRefunds(): Promise<void> {
    const { db, paystack, clock, log } = this.deps;
    for (const refund of await dueRefunds(db, clock.now())) {
      try {
        // Sent before, and no answer noted (a crash, a timeout)? Paystack may have it: never refund twice.
        const adopted = refund.sendingAt ? await this.refundAlreadyAtPaystack(refund) : null;
        if (adopted) {
          await markRefundRequested(db, refund.id, adopted.id, adopted.status, clock.now());
          continue;
        }
        await markRefundSending(db, refund.id, clock.now());
        const created = await paystack.refund({ reference: refund.reference, amountKobo: refund.amountKobo, reason: refund.reason });
        this.alerts.delete('paystack-balance-short');
        await markRefundRequested(db, refund.id, created.id, created.status, clock.now());
        await notePaystackTransactionId(db, refund.paymentId, created.transaction);
      } catch (error) {
        log.warn({ err: error, reference: refund.reference }, 'refund not requested; will retry');
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof PaystackError && error.insufficientBalance) {
          // Not the refund's fault: it waits for the balance (retried, never spent), and /health says so.
          this.balanceShort(refund.reference, message);
          await markRefundRetry(db, refund, message, clock.now(), 'balance-short');
        } else {
          await markRefundRetry(db, refund, message, clock.now());
        }
      }
    }
    await this.sweepRefunds();
  }

  /**
   * A refund whose request may have reached Paystack without our noting the answer: Paystack then has a
   * refund of this amount on this transaction that none of our refunds knows by id, and that one is ours
   * (only this code refunds our transactions). List Refunds is read for this transaction's id alone.
   */
  private async refundAlreadyAtPaystack(refund: DueRefund) {
    const { db, paystack } = this.deps;
    let transactionId = refund.paystackTransactionId;
    if (transactionId === null) {
      const transaction = await paystack.verifyTransaction(refund.reference);
      if (transaction?.id === undefined) return null;
      transactionId = transaction.id;
      await notePaystackTransactionId(db, refund.paymentId, transactionId);
    }
    const known = await knownPaystackRefundIds(db, refund.paymentId);
    return (
      (await paystack.listRefunds(transactionId)).find(
        (r) => !known.has(r.id) && r.amount === refund.amountKobo && r.status !== 'failed',
      ) ?? null
    );
  }

  /** Paystack's word on one refund read again now (a person's retry from the money queue); unreachable Paystack: logged. */
  async recheckRefund(refund: Pick<FollowedRefund, 'id' | 'paystackRefundId'>): Promise<void> {
    try {
      await this.followRefund(refund);
    } catch (error) {
      this.deps.log.warn({ err: error, refundId: refund.id }, 'refund not checked with Paystack; will retry');
    }
  }

  /** Paystack's word on one refund, read by its id, applied. */
  private async followRefund(refund: Pick<FollowedRefund, 'id' | 'paystackRefundId'>): Promise<void> {
    if (refund.paystackRefundId === null) return;
    const word = await this.deps.paystack.fetchRefund(refund.paystackRefundId);
    if (!word) {
      await markRefundForAttention(this.deps.db, refund.id, `Paystack does not know refund ${refund.paystackRefundId}`);
      return;
    }
    await applyRefundWord(this.deps.db, refund.id, refund.paystackRefundId, word.status, {
      config: this.deps.config,
      now: this.deps.clock.now(),
    });
  }

  /** Refunds at Paystack with no final word for a while (a lost webhook): read again by id. */
  private async sweepRefunds(): Promise<void> {
    const { db, clock, log } = this.deps;
    for (const refund of await refundsAtPaystack(db, { requestedBefore: new Date(clock.now().getTime() - REFUND_SWEEP_AFTER_MS) })) {
      try {
        await this.followRefund(refund);
      } catch (error) {
        log.warn({ err: error, reference: refund.reference }, 'refund not checked with Paystack; will retry');
      }
    }
  }

  /**
   * The buyer gives the bank account a refund in needs-attention should go to: checked with the bank
   * (resolve), then sent with Paystack's Retry Refund. Only the payment's buyer may; only while it waits.
   */
  async giveRefundAccount(userId: string, refundId: string, account: { bankCode: string; accountNumber: string }): Promise<void> {
    const { db, paystack, clock } = this.deps;
    const refund = await refundAwaitingAccount(db, refundId);
    if (!refund) throw notFound(MESSAGES.refunds.notFound);
    if (refund.userId !== userId) throw forbidden(MESSAGES.refunds.notYours);
    if (refund.status !== 'needs-account' || refund.paystackRefundId === null) throw conflict(MESSAGES.refunds.noAccountNeeded);
    const bank = (await this.bankList()).find((b) => b.code === account.bankCode);
    if (!bank || bank.id === undefined) throw invalid(MESSAGES.refunds.unknownBank);
    try {
      await paystack.resolveAccount(account.accountNumber, account.bankCode);
    } catch (error) {
      if (error instanceof PaystackError && error.refused) throw invalid(MESSAGES.refunds.accountNotFound);
      throw providerDown(MESSAGES.payment.providerDown);
    }
    let answer;
    try {
      answer = await paystack.retryRefundWithCustomerDetails(refund.paystackRefundId, {
        accountNumber: account.accountNumber,
        bankId: bank.id,
      });
    } catch (error) {
      this.deps.log.warn({ err: error, refundId }, 'Paystack did not retry the refund');
      throw providerDown(MESSAGES.payment.providerDown);
    }
    await applyRefundWord(db, refund.id, refund.paystackRefundId, answer.status, { config: this.deps.config, now: clock.now() });
  }

  private async bankList(): Promise<PaystackBank[]> {
    const now = this.deps.clock.now().getTime();
    if (!this.banks || now - this.banks.at > 24 * 60 * 60 * 1000) this.banks = { list: await this.deps.paystack.listBanks(), at: now };
    return this.banks.list;
  }

  private async sendPayouts(): Promise<void> {
    const { db, paystack, clock, log } = this.deps;
    // Sent, but Paystack's word never came (webhook lost after its retries, or held for approval): ask.
    for (const payout of await unsettledPayouts(db, clock.now())) {
      try {
        const known = await paystack.verifyTransfer(payout.reference);
        if (known) await this.applyTransfer(payout, known);
      } catch (error) {
        log.warn({ err: error, reference: payout.reference }, 'transfer not verified with Paystack; will retry');
      }
    }
    // A store's released money is batched into one payout (at most once per interval, from the minimum).
    const { payoutIntervalMs, payoutMinimumKobo } = this.deps.config.payments;
    await queueStorePayouts(db, clock.now(), { intervalMs: payoutIntervalMs, minimumKobo: payoutMinimumKobo });
    for (const payout of await duePayouts(db, clock.now())) {
      try {
        // Sent before a crash that came before we noted it? Paystack knows the reference: take its word.
        const known = await paystack.verifyTransfer(payout.reference);
        if (known) {
          // Its recipient code is not in Paystack's transfer answer; the transfer code is what matters.
          await markPayoutSent(db, payout.id, null, known.transfer_code, clock.now());
          await this.applyTransfer(payout, known);
          continue;
        }
        // The stored bank code, the holder's name checked again, new accounts after 24 hours (payout-destination.ts).
        const destination = await payoutDestination(
          { db, paystack, banks: () => this.bankList(), config: this.deps.config, now: clock.now() },
          payout,
        );
        if (destination.kind !== 'send') {
          // Noted on the payout (the seller sees why); not an attempt, so no backoff and no retry before its time.
          log.info({ reference: payout.reference, outcome: destination.kind, reason: destination.reason }, 'payout held');
          continue;
        }
        const { recipientCode } = destination;
        const transfer = await paystack.initiateTransfer({
          amountKobo: payout.amountKobo,
          recipientCode,
          reference: payout.reference,
          reason: `Campus Marketplace payout ${payout.reference}`,
        });
        this.alerts.delete('paystack-balance-short');
        await markPayoutSent(db, payout.id, recipientCode, transfer.transfer_code, clock.now());
        await this.applyTransfer(payout, transfer);
      } catch (error) {
        log.warn({ err: error, reference: payout.reference }, 'payout not sent; will retry');
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof PaystackError && error.insufficientBalance) {
          // Not the payout's fault: it waits for the balance (retried, never spent), and /health says so.
          this.balanceShort(payout.reference, message);
          await markPayoutNotSent(db, payout, 'Waiting for the platform to fund payouts', clock.now(), 'balance-short');
        } else {
          await markPayoutNotSent(db, payout, message, clock.now());
        }
      }
    }
  }

  /**
   * Paystack's word on a transfer we sent: a conclusive state settles the payout (success, or the money back
   * and a new attempt); `otp` waits for a person (the API cannot give the OTP); received and pending wait.
   */
  private async applyTransfer(payout: PayoutRow, transfer: PaystackTransfer): Promise<void> {
    const { db, clock, config, log } = this.deps;
    const word = transferWord(transfer);
    if (word) {
      await settlePayout(db, payout.reference, word, { config, now: clock.now() });
      return;
    }
    if (transfer.status === 'otp') {
      log.error({ reference: payout.reference }, OTP_ATTENTION);
      await notePayoutAttention(db, payout.id, OTP_ATTENTION);
    } else if (payout.attention === OTP_ATTENTION) {
      await notePayoutAttention(db, payout.id, null);
    }
  }

  // ---- reconciliation --------------------------------------------------------

  /**
   * Everything that may have been left half-way: events recorded but not
   * processed, payments nobody heard back about (asked of Paystack), refunds
   * and payouts due, e-mails queued. Runs at start and every interval.
   */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileOnce().finally(() => {
      this.reconciling = null;
    });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    await this.processEvents();
    for (const payment of await paymentsToReconcile(this.deps.db, this.deps.clock.now(), 100)) {
      await this.checkWithPaystack(payment.reference, payment.id);
    }
    await this.sendMoneyOut();
    await this.watchProviderBalance();
  }

  /** The ledger's side of the balance check alone (Paystack unreachable). */
  async ledgerSideOfBalance(): Promise<{ ledgerKobo: number; inFlightKobo: number }> {
    const [ledgerKobo, inFlightKobo] = await Promise.all([accountBalance(this.deps.db, 'paystack'), moneyOnItsWayKobo(this.deps.db)]);
    return { ledgerKobo, inFlightKobo };
  }

  /**
   * The ledger's `paystack` account beside Paystack's own balance. Paystack takes a transfer or a refund
   * out of the balance when it queues it, the ledger when it is settled: what is on its way (sent, no final
   * word) is subtracted first. They then agree when every movement of the integration's money went through
   * us and every fee was booked as Paystack took it. A difference is a fee schedule that drifted, a movement
   * we missed, or money moved outside the product (a dashboard transfer, a top-up, a settlement to the
   * bank): for a person to look at, never acted on.
   */
  async checkProviderBalance(): Promise<{ ledgerKobo: number; inFlightKobo: number; paystackKobo: number; differenceKobo: number }> {
    const [ledgerKobo, inFlightKobo, paystackKobo] = await Promise.all([
      accountBalance(this.deps.db, 'paystack'),
      moneyOnItsWayKobo(this.deps.db),
      this.deps.paystack.balanceKobo(),
    ]);
    return { ledgerKobo, inFlightKobo, paystackKobo, differenceKobo: paystackKobo - (ledgerKobo - inFlightKobo) };
  }

  /** Paystack refused a refund or transfer for the balance: logged, and named in /health until money goes out again. */
  private balanceShort(reference: string, message: string): void {
    this.deps.log.error(
      { reference, paystack: message },
      "Paystack's balance cannot cover what is owed: top it up, or keep collections in the balance (docs/api.md, going live)",
    );
    this.alerts.add('paystack-balance-short');
  }

  /** What needs a person about the money as a whole (named in /health; the amounts only in the log). */
  get moneyAlerts(): readonly MoneyAlert[] {
    return [...this.alerts];
  }

  /**
   * Logs, and names in /health, a difference with Paystack's balance seen twice running (a charge between
   * Paystack's answer and its webhook differs for a moment), and a platform that pays more in Paystack's
   * fees than it recovers (the `platform:fees` account, + for costs, above zero).
   */
  private async watchProviderBalance(): Promise<void> {
    try {
      const check = await this.checkProviderBalance();
      const seenBefore = this.lastBalanceDifference === check.differenceKobo;
      this.lastBalanceDifference = check.differenceKobo;
      if (check.differenceKobo !== 0 && seenBefore) {
        this.deps.log.warn(check, "the ledger's Paystack balance differs from Paystack's");
        this.alerts.add('paystack-balance-differs');
      } else if (check.differenceKobo === 0) {
        this.alerts.delete('paystack-balance-differs');
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, "Paystack's balance not checked; will retry");
    }
    const feesKobo = await accountBalance(this.deps.db, 'platform:fees');
    if (feesKobo > 0) {
      this.deps.log.warn(
        { platformFeesKobo: feesKobo },
        "the platform's fee account is below zero: it pays more in Paystack's fees than it recovers",
      );
      this.alerts.add('platform-fees-below-zero');
    } else {
      this.alerts.delete('platform-fees-below-zero');
    }
  }

  start(): void {
    if (this.timer) return;
    this.soon(() => this.reconcile());
    this.timer = setInterval(() => this.soon(() => this.reconcile()), this.deps.config.payments.reconcileIntervalMs);
    this.timer.unref();
  }

  /** Waits for the work started after an answer (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private soon(work: () => Promise<unknown>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'background payment work failed'));
    this.background.add(run);
    void run.finally(() => this.background.delete(run));
  }
}
