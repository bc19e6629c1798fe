/**
 * Payments and the money after them: checkout, Paystack's word on
 * a payment (webhook, the browser's verify, reconciliation), refunds and
 * payouts. The rules that touch the database run in the checkout, fulfilment,
 * refund and payout services' transactions; the parts this façade builds call
 * Paystack outside them and put the steps in order, so a crash between any
 * two steps is picked up by the next reconciliation:
 *
 *   initiate:  reserve (commit) → Paystack initialize → note the checkout page   (checkout-runner.ts)
 *   webhook:   signature → record the event (commit) → 200 → process it          (webhook-processor.ts)
 *   fulfil:    one transaction (orders, stock, cart, ledger, e-mails queued)     (fulfilment-service.ts)
 *   refund:    decided in a transaction → requested from Paystack → settled by webhook   (refund-runner.ts)
 *   payout:    a store's available money batched (queueStorePayouts) → recipient → transfer → settled by webhook
 *              (payout-runner.ts)
 *   e-mails:   queued in the money transaction → sent after commit (outbox)
 *
 * Refunds and payouts go out one run at a time (money-out.ts); reconciliation and its timer are
 * reconciler.ts's, the watch on the money as a whole balance-watch.ts's, the work after an answer
 * background-work.ts's. PaymentsService keeps the public face and builds one of each per copy.
 */
import type { PaymentInitiateBody, PaymentInitiateResult, PaymentVerifyResult } from '@campus/shared/schemas';
import type { UserRow } from '../../db/schema';
import { BackgroundWork } from './background-work';
import { BalanceWatch, type MoneyAlert } from './balance-watch';
import { PaystackBankList } from './bank-list';
import { CheckoutRunner } from './checkout-runner';
import { MoneyOut } from './money-out';
import type { PaymentsDeps } from './payments-deps';
import { PayoutRunner } from './payout-runner';
import { Reconciler } from './reconciler';
import type { FollowedRefund } from './refund-repository';
import { RefundRunner } from './refund-runner';
import { WebhookProcessor } from './webhook-processor';

export type { PaymentsDeps } from './payments-deps';
export type { MoneyAlert } from './balance-watch';

export class PaymentsService {
  private readonly background: BackgroundWork;
  private readonly balance: BalanceWatch;
  private readonly refunds: RefundRunner;
  private readonly moneyOut: MoneyOut;
  private readonly checkout: CheckoutRunner;
  private readonly webhooks: WebhookProcessor;
  private readonly reconciler: Reconciler;

  constructor(private readonly deps: PaymentsDeps) {
    this.background = new BackgroundWork(deps.log);
    this.balance = new BalanceWatch(deps);
    // One bank list for refunds and payouts alike (read at most once a day).
    const banks = new PaystackBankList(deps);
    this.refunds = new RefundRunner(deps, this.balance, banks);
    this.moneyOut = new MoneyOut(deps, this.refunds, new PayoutRunner(deps, this.balance, banks));
    this.checkout = new CheckoutRunner(deps, this.background, this.moneyOut);
    this.webhooks = new WebhookProcessor(deps, this.background, this.checkout, this.refunds);
    this.reconciler = new Reconciler(deps, {
      background: this.background,
      webhooks: this.webhooks,
      checkout: this.checkout,
      moneyOut: this.moneyOut,
      balance: this.balance,
    });
  }

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
    this.background.soon(async () => {
      if (productIds.length > 0) await this.deps.reindex(productIds);
      await this.moneyOut.send();
    });
  }

  // ---- checkout (checkout-runner.ts) ----------------------------------------

  initiate(user: UserRow, body: PaymentInitiateBody): Promise<PaymentInitiateResult> {
    return this.checkout.initiate(user, body);
  }

  /** The browser is back from the payment page: ask Paystack itself, fulfil if paid, answer the state and orders. */
  verify(userId: string, reference: string): Promise<PaymentVerifyResult> {
    return this.checkout.verify(userId, reference);
  }

  // ---- webhook (webhook-processor.ts) ---------------------------------------

  /**
   * A Paystack webhook: the signature is checked over the raw bytes before
   * anything else; the event is recorded (a redelivery is the same row) and
   * processed after the answer, so Paystack gets its 200 at once.
   */
  receiveWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<'ok' | 'bad-signature' | 'bad-body'> {
    return this.webhooks.receiveWebhook(rawBody, signature);
  }

  /** Every recorded, unprocessed event, oldest first (after a crash too); one run at a time in this process. */
  processEvents(): Promise<void> {
    return this.webhooks.processEvents();
  }

  // ---- money out (money-out.ts, refund-runner.ts, payout-runner.ts) ---------

  /** Requests due refunds, sends due payouts, then the e-mails they queued; one run at a time (money-out.ts). */
  sendMoneyOut(): Promise<void> {
    return this.moneyOut.send();
  }

  /** Paystack's word on one refund read again now (a person's retry from the money queue); unreachable Paystack: logged. */
  recheckRefund(refund: Pick<FollowedRefund, 'id' | 'paystackRefundId'>): Promise<void> {
    return this.refunds.recheckRefund(refund);
  }

  /**
   * The buyer gives the bank account a refund in needs-attention should go to: checked with the bank
   * (resolve), then sent with Paystack's Retry Refund. Only the payment's buyer may; only while it waits.
   */
  giveRefundAccount(userId: string, refundId: string, account: { bankCode: string; accountNumber: string }): Promise<void> {
    return this.refunds.giveRefundAccount(userId, refundId, account);
  }

  // ---- reconciliation and the balance watch (reconciler.ts, balance-watch.ts) -

  /** Everything that may have been left half-way, picked up again; one run at a time (reconciler.ts). */
  reconcile(): Promise<void> {
    return this.reconciler.reconcile();
  }

  /** The ledger's side of the balance check alone (Paystack unreachable). */
  ledgerSideOfBalance(): Promise<{ ledgerKobo: number; inFlightKobo: number }> {
    return this.balance.ledgerSideOfBalance();
  }

  /** The ledger's `paystack` account beside Paystack's own balance, what is on its way subtracted (balance-watch.ts). */
  checkProviderBalance(): Promise<{ ledgerKobo: number; inFlightKobo: number; paystackKobo: number; differenceKobo: number }> {
    return this.balance.checkProviderBalance();
  }

  /** What needs a person about the money as a whole (named in /health; the amounts only in the log). */
  get moneyAlerts(): readonly MoneyAlert[] {
    return this.balance.moneyAlerts;
  }

  start(): void {
    this.reconciler.start();
  }

  /** Waits for the work started after an answer (tests, shutdown). */
  async idle(): Promise<void> {
    await this.background.idle();
  }

  async stop(): Promise<void> {
    this.reconciler.stopTimer();
    await this.idle();
  }
}
