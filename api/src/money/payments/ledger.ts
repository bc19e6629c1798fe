/**
 * The ledger: every movement of money is a journal of entries in
 * integer kobo that sum to zero, appended inside the transaction that makes
 * the movement, never edited (a database trigger refuses UPDATE and DELETE).
 * A store's balances are sums over its accounts, never stored figures.
 *
 * Sign: + is money arriving in an account, - money leaving it. The journals:
 *
 *   payment          paystack +total            store:S:held -order total (each store)
 *   unallocated      paystack +amount           refunds -amount            (paid, nothing to fulfil)
 *   provider-fee     platform:fees +fee         paystack -fee              (Paystack's own fee on a charge: the platform bears it)
 *   release          store:S:held +total        store:S:available -(total - fee), platform:fees -fee
 *   payout           store:S:available +amount  store:S:payout -amount
 *   payout-settled   store:S:payout +amount     paystack -amount
 *   transfer-fee     platform:fees +fee         paystack -fee              (Paystack's fee on a settled payout: the platform bears it)
 *   payout-returned  store:S:payout +amount     store:S:available -amount  (transfer failed or reversed)
 *                    or paystack +amount        store:S:available -amount  (reversed after it had arrived)
 *   refund           store:S:held +total        refunds -total             (order cancelled)
 *   refund-settled   refunds +amount            paystack -amount
 *
 * A journal of one kind is posted once per payment/order/payout: a replayed
 * webhook or a retried step finds it there and posts nothing.
 *
 * These are the rules; the rows are ledger-repository.ts's.
 */
import type { DbOrTx } from '../../db/client';
import { insertJournal, journalExists, storeEntrySums } from './ledger-repository';
import { storeAccount, type Account, type JournalKind, type JournalLine, type JournalRefs } from './ledger-types';

export { storeAccount, type Account, type JournalKind, type JournalLine, type JournalRefs } from './ledger-types';

export class LedgerError extends Error {}

/** Refuses a journal that is not whole kobo, has a zero line, or does not balance. */
export function checkJournal(lines: readonly JournalLine[]): void {
  if (lines.length < 2) throw new LedgerError('A journal needs at least two entries');
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountKobo) || line.amountKobo === 0) {
      throw new LedgerError(`Ledger amounts are non-zero whole kobo (got ${line.amountKobo} for ${line.account})`);
    }
    sum += line.amountKobo;
  }
  if (sum !== 0) throw new LedgerError(`A journal must sum to zero (off by ${sum} kobo)`);
}

/**
 * Appends one journal. Call it inside the transaction that locks the row the
 * money belongs to (payment, order or payout): then the existence check and
 * the insert cannot race. Answers false when that journal was posted before.
 */
export async function postJournal(
  db: DbOrTx,
  kind: JournalKind,
  lines: readonly JournalLine[],
  refs: JournalRefs,
  now: Date,
): Promise<boolean> {
  checkJournal(lines);
  if (await journalExists(db, kind, refs)) return false;
  await insertJournal(db, kind, lines, refs, now);
  return true;
}

/** One side of a two-entry journal: the account, and the store it concerns (for its balances). */
export interface LedgerSide {
  account: Account;
  sellerId?: string;
}

/** A store's account as a journal side. */
export const storeSide = (sellerId: string, part: 'held' | 'available' | 'payout'): LedgerSide => ({
  account: storeAccount(sellerId, part),
  sellerId,
});

/**
 * The common journal of two entries: `amountKobo` arrives in `debit` (+) and
 * leaves `credit` (−). Once per kind and refs, as postJournal.
 */
export function postTransfer(
  db: DbOrTx,
  kind: JournalKind,
  debit: LedgerSide,
  credit: LedgerSide,
  amountKobo: number,
  refs: JournalRefs,
  now: Date,
): Promise<boolean> {
  return postJournal(
    db,
    kind,
    [
      { ...debit, amountKobo },
      { ...credit, amountKobo: -amountKobo },
    ],
    refs,
    now,
  );
}

export interface StoreBalances {
  /** Paid by buyers, waiting for the completion code. */
  heldKobo: number;
  /** Released to the store, not (yet) transferred. */
  availableKobo: number;
  /** On its way to the bank. */
  inTransferKobo: number;
  /** Arrived in the bank. */
  paidOutKobo: number;
}

/** A store's money, from the ledger alone. Accounts hold what the store is owed as negative sums. */
export async function storeBalances(db: DbOrTx, sellerId: string): Promise<StoreBalances> {
  const rows = await storeEntrySums(db, sellerId);
  const sum = (account: Account, kind?: JournalKind) =>
    rows.filter((r) => r.account === account && (kind === undefined || r.kind === kind)).reduce((n, r) => n + r.totalKobo, 0);
  const owed = (account: Account) => 0 - sum(account) || 0; // `|| 0`: no -0 in answers
  return {
    heldKobo: owed(storeAccount(sellerId, 'held')),
    availableKobo: owed(storeAccount(sellerId, 'available')),
    inTransferKobo: owed(storeAccount(sellerId, 'payout')),
    // Arrived, less transfers the bank reversed after they had arrived (their money came back to paystack).
    paidOutKobo: sum(storeAccount(sellerId, 'payout'), 'payout-settled') - sum('paystack', 'payout-returned'),
  };
}

/** The platform fee of a released order, in kobo, rounded down (the store never pays a fraction of a kobo more). */
export function platformFeeKobo(totalKobo: number, feePercent: number): number {
  if (!Number.isSafeInteger(totalKobo) || totalKobo < 0) throw new LedgerError('The total must be whole kobo');
  if (!(feePercent >= 0 && feePercent < 100)) throw new LedgerError('The fee is a percentage from 0 to below 100');
  // Basis points, in integers: no floating-point money (BigInt: the product may pass 2^53).
  const basisPoints = BigInt(Math.round(feePercent * 100));
  return Number((BigInt(totalKobo) * basisPoints) / 10_000n);
}
