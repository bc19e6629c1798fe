/**
 * The money as a whole, watched for a person: the ledger's `paystack` account beside Paystack's own balance,
 * the platform's fee account, and Paystack refusing money out for its balance. What needs a person is named
 * in /health (PaymentsService.moneyAlerts), the amounts only in the log; nothing here moves money.
 */
import type { PaymentsDeps } from './payments-deps';
import { moneyOnItsWayKobo } from './balance-watch-repository';
import { accountBalance } from './ledger-repository';

/** Alerts about the money as a whole, for a person (health detail). */
export type MoneyAlert = 'paystack-balance-differs' | 'paystack-balance-short' | 'platform-fees-below-zero';

export class BalanceWatch {
  private lastBalanceDifference: number | null = null;
  private readonly alerts = new Set<MoneyAlert>();

  constructor(private readonly deps: Pick<PaymentsDeps, 'db' | 'paystack' | 'log'>) {}

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
  balanceShort(reference: string, message: string): void {
    this.deps.log.error(
      { reference, paystack: message },
      "Paystack's balance cannot cover what is owed: top it up, or keep collections in the balance (docs/api.md, going live)",
    );
    this.alerts.add('paystack-balance-short');
  }

  /** Paystack took a refund or a transfer: its balance covers money out again. */
  moneyWentOut(): void {
    this.alerts.delete('paystack-balance-short');
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
  async watchProviderBalance(): Promise<void> {
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
}
