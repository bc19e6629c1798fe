/**
 * Payout rows: reading and writing them, and the rows a payout decision reads
 * (a store's available money, its bank account, its recipients). The rules are
 * payout-service.ts's and payout-destination.ts's.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerEntries, payoutRecipients, payouts, sellers, users, type PayoutRow } from '../../db/schema';

export async function listPayouts(db: DbOrTx, sellerId: string): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.sellerId, sellerId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(200);
}

/** Payouts to send now: not yet handed to Paystack, and due (a retry waits for its time). */
export async function duePayouts(db: DbOrTx, now: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        isNull(payouts.transferCode),
        isNull(payouts.attention),
        or(isNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(50);
}

/** Transfers sent a while ago with no word from Paystack since (a lost webhook): asked of Paystack again. */
export async function unsettledPayouts(db: DbOrTx, now: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        sql`${payouts.transferCode} IS NOT NULL`,
        lte(payouts.createdAt, new Date(now.getTime() - 10 * 60_000)),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(50);
}

/** The Paystack recipient already made for this bank account, if any. */
export async function knownRecipient(db: DbOrTx, sellerId: string, bankCode: string, accountNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ code: payoutRecipients.recipientCode })
    .from(payoutRecipients)
    .where(
      and(
        eq(payoutRecipients.sellerId, sellerId),
        eq(payoutRecipients.bankCode, bankCode),
        eq(payoutRecipients.accountNumber, accountNumber),
      ),
    )
    .limit(1);
  return row?.code ?? null;
}

export async function rememberRecipient(
  db: DbOrTx,
  recipient: { sellerId: string; bankCode: string; accountNumber: string; accountName: string; recipientCode: string },
  now: Date,
): Promise<void> {
  await db
    .insert(payoutRecipients)
    .values({ id: randomUUID(), ...recipient, createdAt: now })
    .onConflictDoNothing();
}

export async function lockPayout(tx: Tx, payoutId: string): Promise<PayoutRow | null> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1).for('update');
  return payout ?? null;
}

export async function lockPayoutByReference(tx: Tx, reference: string): Promise<PayoutRow | null> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.reference, reference)).limit(1).for('update');
  return payout ?? null;
}

export type PayoutChange = Partial<Omit<PayoutRow, 'id' | 'sellerId' | 'reference' | 'createdAt'>>;

/** Writes the change; answers the row after it (null if it is gone). */
export async function updatePayout(db: DbOrTx, payoutId: string, change: PayoutChange): Promise<PayoutRow | null> {
  const [row] = await db.update(payouts).set(change).where(eq(payouts.id, payoutId)).returning();
  return row ?? null;
}

/** Notes `attention` on the store's pending payouts not yet handed to Paystack. */
export async function notePendingPayoutsAttention(tx: DbOrTx, sellerId: string, attention: string): Promise<void> {
  await tx
    .update(payouts)
    .set({ attention })
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, 'pending'), isNull(payouts.transferCode)));
}

/** A transfer at Paystack that waits for a person (an OTP) is noted for the money queue, or cleared once it moved on. */
export async function notePayoutAttention(db: DbOrTx, payoutId: string, attention: string | null): Promise<void> {
  await db.update(payouts).set({ attention }).where(eq(payouts.id, payoutId));
}

/** The store's settled payouts (any status but pending), newest first. */
export async function recentSettledPayouts(tx: DbOrTx, sellerId: string, limit: number): Promise<Array<Pick<PayoutRow, 'id' | 'status'>>> {
  return tx
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), ne(payouts.status, 'pending')))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** Stores whose available money (from the ledger) reaches the minimum: the candidates for a payout. */
export async function storesWithAvailableMoney(db: DbOrTx, minimumKobo: number): Promise<string[]> {
  const rows = await db
    .select({ sellerId: ledgerEntries.sellerId })
    .from(ledgerEntries)
    .where(and(isNotNull(ledgerEntries.sellerId), sql`${ledgerEntries.account} = 'store:' || ${ledgerEntries.sellerId} || ':available'`))
    .groupBy(ledgerEntries.sellerId)
    .having(sql`0 - sum(${ledgerEntries.amountKobo}) >= ${minimumKobo}`);
  return rows.flatMap((r) => (r.sellerId ? [r.sellerId] : []));
}

/** The store's row, locked: two instances queueing payouts at once wait for each other. */
export async function lockStore(tx: Tx, sellerId: string): Promise<void> {
  await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
}

/** Whether the store has a payout on its way or one a person must look at. */
export async function hasOpenPayout(tx: DbOrTx, sellerId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), or(eq(payouts.status, 'pending'), isNotNull(payouts.attention))))
    .limit(1);
  return open !== undefined;
}

export async function lastPayoutOf(tx: DbOrTx, sellerId: string): Promise<PayoutRow | null> {
  const [last] = await tx
    .select()
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(1);
  return last ?? null;
}

export async function insertPayout(
  tx: DbOrTx,
  payout: { sellerId: string; amountKobo: number; feeKobo: number; reference: string },
  now: Date,
): Promise<PayoutRow | null> {
  const [inserted] = await tx
    .insert(payouts)
    .values({ id: randomUUID(), orderId: null, status: 'pending', createdAt: now, nextAttemptAt: now, ...payout })
    .returning();
  return inserted ?? null;
}

/** Where a store's payouts go: its saved bank account, and its owner's e-mail address. */
export async function storePayoutAccount(db: DbOrTx, sellerId: string) {
  const [store] = await db
    .select({
      bankName: sellers.bankName,
      accountNumber: sellers.accountNumber,
      bankCode: sellers.bankCode,
      bankAccountName: sellers.bankAccountName,
      bankAccountChangedAt: sellers.bankAccountChangedAt,
      ownerEmail: users.email,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId))
    .limit(1);
  return store ?? null;
}

/** The payout stays pending, with the reason the seller sees and when it is looked at again (not an attempt: nothing was sent). */
export async function notePayoutHeld(db: DbOrTx, payout: PayoutRow, reason: string, nextAttemptAt: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ failureReason: reason.slice(0, 500), nextAttemptAt })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending'), isNull(payouts.transferCode)));
}

/** Each store's name (the money queue names payouts by it). */
export async function storeNames(db: DbOrTx, sellerIds: readonly string[]): Promise<Map<string, string>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sellers.id, name: sellers.catalogueName })
    .from(sellers)
    .where(inArray(sellers.id, [...sellerIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
