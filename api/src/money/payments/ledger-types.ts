/** The ledger's vocabulary (accounts, journal kinds, lines), shared by its rules (ledger.ts) and its rows (ledger-repository.ts). */
export type JournalKind =
  | 'payment'
  | 'provider-fee'
  | 'unallocated'
  | 'release'
  | 'payout'
  | 'payout-settled'
  | 'transfer-fee'
  | 'payout-returned'
  | 'refund'
  | 'refund-settled';

export type Account =
  'paystack' | 'refunds' | 'platform:fees' | `store:${string}:held` | `store:${string}:available` | `store:${string}:payout`;

export const storeAccount = (sellerId: string, part: 'held' | 'available' | 'payout'): Account => `store:${sellerId}:${part}`;

export interface JournalLine {
  account: Account;
  amountKobo: number;
  /** The store an entry concerns, for its balances. */
  sellerId?: string;
}

export interface JournalRefs {
  paymentId?: string;
  orderId?: string;
  payoutId?: string;
}
