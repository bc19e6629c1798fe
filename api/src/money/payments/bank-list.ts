/**
 * Paystack's list of banks, read again at most once a day: a refund sent to a buyer's bank account
 * (refund-runner.ts) and a payout to a store saved before bank codes were kept (payout-runner.ts) both
 * look banks up in it. One cache per PaymentsService copy, shared by both.
 */
import type { PaymentsDeps } from './payments-deps';
import type { PaystackBank } from './paystack/client';

export class PaystackBankList {
  private banks: { list: PaystackBank[]; at: number } | null = null;

  constructor(private readonly deps: Pick<PaymentsDeps, 'paystack' | 'clock'>) {}

  async list(): Promise<PaystackBank[]> {
    const now = this.deps.clock.now().getTime();
    if (!this.banks || now - this.banks.at > 24 * 60 * 60 * 1000) this.banks = { list: await this.deps.paystack.listBanks(), at: now };
    return this.banks.list;
  }
}
