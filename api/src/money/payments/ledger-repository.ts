/**
 * Ledger rows: appending a journal's entries and summing accounts. The rules
 * (a journal sums to zero, is posted once per kind and refs) are ledger.ts's.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import type { Account, JournalKind, JournalLine, JournalRefs } from './ledger-types';

function refMatch(refs: JournalRefs): SQL[] {
  return [
    refs.paymentId ? eq(ledgerEntries.paymentId, refs.paymentId) : isNull(ledgerEntries.paymentId),
    refs.orderId ? eq(ledgerEntries.orderId, refs.orderId) : isNull(ledgerEntries.orderId),
    refs.payoutId ? eq(ledgerEntries.payoutId, refs.payoutId) : isNull(ledgerEntries.payoutId),
  ];
}

export async function journalExists(db: DbOrTx, kind: JournalKind, refs: JournalRefs): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), ...refMatch(refs)))
    .limit(1);
  return row !== undefined;
}

/** Appends one journal's entries (checked by ledger.ts postJournal first). */
export async function insertJournal(
  db: DbOrTx,
  kind: JournalKind,
  lines: readonly JournalLine[],
  refs: JournalRefs,
  now: Date,
): Promise<void> {
  const journalId = randomUUID();
  await db.insert(ledgerEntries).values(
    lines.map((line) => ({
      id: randomUUID(),
      journalId,
      kind,
      account: line.account,
      sellerId: line.sellerId ?? null,
      amountKobo: line.amountKobo,
      paymentId: refs.paymentId ?? null,
      orderId: refs.orderId ?? null,
      payoutId: refs.payoutId ?? null,
      createdAt: now,
    })),
  );
}

/** Sum of one account, in kobo (+ means money in it). */
export async function accountBalance(db: DbOrTx, account: Account): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountKobo})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}

/** The sums of a store's entries, by account and journal kind. */
export async function storeEntrySums(db: DbOrTx, sellerId: string): Promise<Array<{ account: string; kind: string; totalKobo: number }>> {
  const rows = await db
    .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amountKobo})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, sellerId))
    .groupBy(ledgerEntries.account, ledgerEntries.kind);
  return rows.map((r) => ({ account: r.account, kind: r.kind, totalKobo: Number(r.total) }));
}

/** Every ledger line of an order and of the payment it was paid with, oldest first (the operations console shows them). */
export async function orderLedgerLines(
  db: DbOrTx,
  orderId: string,
  paymentId: string | null,
): Promise<Array<{ journalId: string; kind: string; account: string; amountKobo: number; createdAt: Date }>> {
  return db
    .select({
      journalId: ledgerEntries.journalId,
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      amountKobo: ledgerEntries.amountKobo,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(or(eq(ledgerEntries.orderId, orderId), paymentId ? eq(ledgerEntries.paymentId, paymentId) : undefined))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.journalId), asc(ledgerEntries.id));
}
