/**
 * One money-out run at a time: due refunds requested (refund-runner.ts), due payouts sent
 * (payout-runner.ts), then the e-mails queued (outbox). Runs are chained in this process, and across
 * instances on one PostgreSQL database they take the money-out lock (money-out-lock-repository.ts).
 */
import type { PaymentsDeps } from './payments-deps';
import { withMoneyOutLock } from './money-out-lock-repository';
import { flushOutbox } from './outbox';
import type { PayoutRunner } from './payout-runner';
import type { RefundRunner } from './refund-runner';

export class MoneyOut {
  private moneyOut: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: PaymentsDeps,
    private readonly refunds: RefundRunner,
    private readonly payouts: PayoutRunner,
  ) {}

  /**
   * Requests due refunds, sends due payouts, then the e-mails they queued.
   * One run at a time (in this process, and across instances through a
   * database lock): two runs could both find a refund not yet at Paystack and
   * both send it.
   */
  send(): Promise<void> {
    const run = this.moneyOut.then(async () => {
      // Across instances on one PostgreSQL database too: another instance's run sends what is due.
      await withMoneyOutLock(this.deps.db, this.deps.driver, async () => {
        await this.refunds.requestRefunds();
        await this.payouts.sendPayouts();
      });
      await flushOutbox(this.deps.db, this.deps.mailer, () => this.deps.clock.now(), this.deps.log);
    });
    this.moneyOut = run.catch(() => undefined);
    return run;
  }
}
