/**
 * Refunds between our rows and Paystack: due refunds asked of Paystack (never twice: a request that may
 * have reached it unnoted is looked for first), Paystack's word on each read by its id (webhook, sweeper,
 * a person's retry), and a buyer's bank account given for a refund that needs one. Paystack is called
 * outside the transactions; its word is applied by refund-service.ts in one.
 */
import { MESSAGES } from '@campus/shared/messages';
import { conflict, forbidden, invalid, notFound, providerDown } from '../../lib/domain-errors';
import type { BalanceWatch } from './balance-watch';
import type { PaystackBankList } from './bank-list';
import type { PaymentsDeps } from './payments-deps';
import { PaystackError } from './paystack/client';
import { applyRefundWord, markRefundRetry } from './refund-service';
import {
  dueRefunds,
  knownPaystackRefundIds,
  markRefundForAttention,
  markRefundRequested,
  markRefundSending,
  notePaystackTransactionId,
  refundAwaitingAccount,
  refundsAtPaystack,
  type DueRefund,
  type FollowedRefund,
} from './refund-repository';

/** Sent, then no word from Paystack for this long: asked again (the sweeper). */
const REFUND_SWEEP_AFTER_MS = 10 * 60_000;

export class RefundRunner {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly balance: BalanceWatch,
    private readonly banks: PaystackBankList,
  ) {}

  /** Due refunds asked of Paystack, then those it has had for a while without a final word read again. */
  async requestRefunds(): Promise<void> {
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
        this.balance.moneyWentOut();
        await markRefundRequested(db, refund.id, created.id, created.status, clock.now());
        await notePaystackTransactionId(db, refund.paymentId, created.transaction);
      } catch (error) {
        log.warn({ err: error, reference: refund.reference }, 'refund not requested; will retry');
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof PaystackError && error.insufficientBalance) {
          // Not the refund's fault: it waits for the balance (retried, never spent), and /health says so.
          this.balance.balanceShort(refund.reference, message);
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
  async followRefund(refund: Pick<FollowedRefund, 'id' | 'paystackRefundId'>): Promise<void> {
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
    const bank = (await this.banks.list()).find((b) => b.code === account.bankCode);
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
}
