/**
 * A store's payout account is checked with the bank before it is saved
 * (onboarding and the Payments settings): the bank name is mapped to
 * Paystack's bank code and the account number resolved (Paystack's GET
 * /bank/resolve, or the sandbox's). An account the bank does not know is
 * refused with a 400 that says so; the name the bank gives and the bank code
 * are what the store keeps: payouts go to that code, and are refused when the
 * bank later gives another name for the account (payments/payout-destination.ts).
 */
import { MESSAGES } from '@campus/shared/messages';
import type { Clock } from '../../lib/clock';
import { invalid, unavailable as unavailableNow } from '../../lib/domain-errors';
import type { BankAccounts } from '../../sellers';
import { bankCodeFor } from './bank-codes';
import { PaystackError, type PaystackBank, type PaystackClient } from './paystack/client';

const BANK_LIST_TTL_MS = 24 * 60 * 60 * 1000;

export function paystackBankAccounts(paystack: PaystackClient, clock: Clock): BankAccounts {
  let banks: { list: PaystackBank[]; at: number } | null = null;
  const unavailable = () => unavailableNow(MESSAGES.seller.accountCheckUnavailable);

  const bankList = async (): Promise<PaystackBank[]> => {
    const now = clock.now().getTime();
    if (!banks || now - banks.at > BANK_LIST_TTL_MS) {
      try {
        banks = { list: await paystack.listBanks(), at: now };
      } catch {
        throw unavailable();
      }
    }
    return banks.list;
  };

  return {
    async resolve(bankName, accountNumber) {
      const code = bankCodeFor(bankName, await bankList());
      if (!code) throw invalid(MESSAGES.seller.bankNotSupported(bankName));
      try {
        return { accountName: (await paystack.resolveAccount(accountNumber, code)).account_name, bankCode: code };
      } catch (error) {
        // Paystack answers 400/422 for an account it cannot resolve; anything else is Paystack being away.
        if (error instanceof PaystackError && error.status >= 400 && error.status < 500)
          throw invalid(MESSAGES.seller.accountNotFound(accountNumber, bankName));
        throw unavailable();
      }
    },
  };
}
