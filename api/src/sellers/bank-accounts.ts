/**
 * A store's payout account is checked with the bank before it is saved
 * (onboarding and the Payments settings): `app.bankAccounts.resolve` answers
 * the name the bank gives and the bank's code, which the store keeps; an
 * account the bank does not know is refused with a 400 that says so. This is
 * the port; the payments domain checks with Paystack (payments/bank-accounts.ts)
 * and the route map plugs that in, so sellers import nothing of payments.
 */

export interface ResolvedAccount {
  /** The account holder's name as the bank knows it. */
  accountName: string;
  /** Paystack's code of the bank. */
  bankCode: string;
}

export interface BankAccounts {
  /** The account as the bank knows it; throws a 400 when the account does not resolve. */
  resolve(bankName: string, accountNumber: string): Promise<ResolvedAccount>;
}
