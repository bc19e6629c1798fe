/**
 * What the console reads of a student: accounts found by e-mail or name, an account's
 * orders as buyer and as seller, and every report about it, open or handled.
 * Queries only; the rules are in students.ts (and moderation.ts, for a suspended account's open orders).
 */
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contentReports, conversations, orders, reports, users, type UserRow } from '../db/schema';
import { containsPattern } from '../db/like';

/** Accounts whose e-mail or name contains the words, at most `limit`. */
export async function searchUsers(db: DbOrTx, words: string, limit: number): Promise<UserRow[]> {
  const pattern = containsPattern(words);
  if (!pattern) return [];
  return db
    .select()
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)))
    .orderBy(users.email)
    .limit(limit);
}

export interface OrderOfAccount {
  id: string;
  orderCode: string;
  status: string;
  totalKobo: number;
  side: 'buyer' | 'seller';
  createdAt: Date;
}

/** The account's orders as buyer and (through its store) as seller, newest first; `openOnly`: neither delivered nor cancelled. */
export async function ordersOfAccount(
  db: DbOrTx,
  userId: string,
  sellerId: string | null,
  options: { openOnly: boolean; limit: number },
): Promise<OrderOfAccount[]> {
  const party = sellerId ? or(eq(orders.buyerId, userId), eq(orders.sellerId, sellerId)) : eq(orders.buyerId, userId);
  const rows = await db
    .select({
      id: orders.id,
      orderCode: orders.orderCode,
      status: orders.status,
      totalKobo: orders.totalKobo,
      buyerId: orders.buyerId,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(options.openOnly ? and(party, inArray(orders.status, ['PENDING', 'PROCESSING', 'CONFIRMED'])) : party)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);
  return rows.map(({ buyerId, ...r }) => ({ ...r, side: buyerId === userId ? 'buyer' : 'seller' }));
}

/** Reports about the account, open or handled: its store's and listings', and its conversations' by the other side. */
export async function reportsAboutAccount(
  db: DbOrTx,
  userId: string,
  sellerId: string | null,
): Promise<
  Array<{ id: string; kind: 'listing' | 'store' | 'conversation'; reason: string; details: string; reporterEmail: string; createdAt: Date }>
> {
  const content = sellerId
    ? await db
        .select({ report: contentReports, reporterEmail: users.email })
        .from(contentReports)
        .innerJoin(users, eq(users.id, contentReports.reporterId))
        .where(eq(contentReports.sellerId, sellerId))
        .orderBy(desc(contentReports.createdAt))
        .limit(100)
    : [];
  const chats = await db
    .select({
      id: reports.id,
      reasonCode: reports.reasonCode,
      reason: reports.reason,
      createdAt: reports.createdAt,
      reporterEmail: users.email,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .innerJoin(conversations, eq(conversations.id, reports.conversationId))
    .where(
      and(
        sql`${reports.reporterId} <> ${userId}`,
        sellerId ? or(eq(conversations.buyerId, userId), eq(conversations.sellerId, sellerId)) : eq(conversations.buyerId, userId),
      ),
    )
    .orderBy(desc(reports.createdAt))
    .limit(100);
  return [
    ...content.map(({ report: r, reporterEmail }) => ({
      id: r.id,
      kind: r.targetKind,
      reason: r.reason,
      details: r.details,
      reporterEmail,
      createdAt: r.createdAt,
    })),
    ...chats.map((c) => ({
      id: c.id,
      kind: 'conversation' as const,
      reason: c.reasonCode ?? 'conversation',
      details: c.reason,
      reporterEmail: c.reporterEmail,
      createdAt: c.createdAt,
    })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
