/**
 * Payouts between our rows and Paystack: transfers sent whose word never came asked about again, each
 * store's released money batched into a payout (payout-service.ts queueStorePayouts), due payouts sent to
 * their checked destination, and Paystack's word on a transfer applied (payout-service.ts settlePayout, in
 * one transaction). Paystack is called outside the transactions.
 */
import type { PayoutRow } from '../../db/schema';
import type { BalanceWatch } from './balance-watch';
import type { PaystackBankList } from './bank-list';
import type { PaymentsDeps } from './payments-deps';
import { PaystackError, UNPAID_TRANSFER_STATUSES, type PaystackTransfer } from './paystack/client';
import { payoutDestination } from './payout-destination';
import { duePayouts, notePayoutAttention, unsettledPayouts } from './payout-repository';
import { markPayoutNotSent, markPayoutSent, queueStorePayouts, settlePayout, type TransferWord } from './payout-service';

/** Paystack's conclusive word on a transfer (verify or webhook) as settlePayout takes it; null while it is under way. */
export function transferWord(transfer: Pick<PaystackTransfer, 'status' | 'gateway_response' | 'fee_charged'>): TransferWord | null {
  const status = transfer.status;
  if (status !== 'success' && !(UNPAID_TRANSFER_STATUSES as readonly string[]).includes(status)) return null;
  return { outcome: status as TransferWord['outcome'], reason: transfer.gateway_response ?? null, feeKobo: transfer.fee_charged ?? null };
}

/** What the money queue says of a transfer that waits for Paystack's Transfer OTP (the API cannot give one). */
const OTP_ATTENTION =
  'Paystack is waiting for a transfer OTP: turn Transfer OTP off (docs/api.md, going live) or finalise it on the dashboard';

export class PayoutRunner {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly balance: BalanceWatch,
    private readonly banks: PaystackBankList,
  ) {}

  /** Transfers sent without a word asked about, stores' released money batched, then due payouts sent. */
  async sendPayouts(): Promise<void> {
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
          { db, paystack, banks: () => this.banks.list(), config: this.deps.config, now: clock.now() },
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
        this.balance.moneyWentOut();
        await markPayoutSent(db, payout.id, recipientCode, transfer.transfer_code, clock.now());
        await this.applyTransfer(payout, transfer);
      } catch (error) {
        log.warn({ err: error, reference: payout.reference }, 'payout not sent; will retry');
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof PaystackError && error.insufficientBalance) {
          // Not the payout's fault: it waits for the balance (retried, never spent), and /health says so.
          this.balance.balanceShort(payout.reference, message);
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
}
