/**
 * Reconciliation: everything a crash or a lost webhook may have left half-way is picked up again, at start
 * and on a timer (every payments.reconcileIntervalMs): events recorded but not processed, payments nobody
 * heard back about (asked of Paystack), refunds and payouts due, e-mails queued; then the balance watch.
 * Each step is safe to run again, so a run may stop anywhere and the next one finishes it.
 */
import type { BackgroundWork } from './background-work';
import type { BalanceWatch } from './balance-watch';
import { paymentsToReconcile } from './checkout-repository';
import type { CheckoutRunner } from './checkout-runner';
import type { MoneyOut } from './money-out';
import type { PaymentsDeps } from './payments-deps';
import type { WebhookProcessor } from './webhook-processor';

export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;

  constructor(
    private readonly deps: PaymentsDeps,
    private readonly parts: {
      background: BackgroundWork;
      webhooks: WebhookProcessor;
      checkout: CheckoutRunner;
      moneyOut: MoneyOut;
      balance: BalanceWatch;
    },
  ) {}

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
    await this.parts.webhooks.processEvents();
    for (const payment of await paymentsToReconcile(this.deps.db, this.deps.clock.now(), 100)) {
      await this.parts.checkout.checkWithPaystack(payment.reference, payment.id);
    }
    await this.parts.moneyOut.send();
    await this.parts.balance.watchProviderBalance();
  }

  /** Reconciles soon, then every interval (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.parts.background.soon(() => this.reconcile());
    this.timer = setInterval(() => this.parts.background.soon(() => this.reconcile()), this.deps.config.payments.reconcileIntervalMs);
    this.timer.unref();
  }

  /** No more runs on the timer (one under way finishes: the caller waits for the background work). */
  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
