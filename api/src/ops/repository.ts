/**
 * Rows of the operations console: operators and their second factor, the
 * sessions it elevated, reports, suspensions, listings hidden, the audit log,
 * and what the console reads of other domains' tables. No rules here (service.ts).
 */
import { and, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  accountSuspensions,
  auditLog,
  contentReports,
  conversations,
  messages,
  operatorElevations,
  operatorRecoveryCodes,
  operators,
  orders,
  products,
  reports,
  sellers,
  users,
  type AuditRow,
  type ContentReportRow,
  type OperatorRow,
  type ProductRow,
  type SellerRow,
  type UserRow,
} from '../db/schema';
import { containsPattern } from '../db/like';

// ---- operators --------------------------------------------------------------

export async function findUserByEmailAddress(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** True when the user was not an operator before. */
export async function insertOperator(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db.insert(operators).values({ userId, grantedAt: now }).onConflictDoNothing().returning({ userId: operators.userId });
  return rows.length > 0;
}

/** True when the user was an operator; their elevated sessions end with it. */
export async function deleteOperator(db: DbOrTx, userId: string): Promise<boolean> {
  await db.delete(operatorElevations).where(eq(operatorElevations.userId, userId));
  const rows = await db.delete(operators).where(eq(operators.userId, userId)).returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function findOperator(db: DbOrTx, userId: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.userId, userId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; refused (false) once enrolled. */
export async function setPendingSecret(db: DbOrTx, userId: string, secret: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpSecret: secret })
    .where(and(eq(operators.userId, userId), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

/**
 * Takes the TOTP time step if it is later than the last one taken: one statement, so a code
 * (or an earlier one) is never accepted twice, even by two requests at once.
 */
export async function takeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ lastTotpStep: step })
    .where(and(eq(operators.userId, userId), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
    .returning({ userId: operators.userId });
  return rows.length > 0;
}

export async function markEnrolled(db: DbOrTx, userId: string, now: Date, recoveryCodeHashes: readonly string[]): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ enrolledAt: now })
    .where(and(eq(operators.userId, userId), isNull(operators.enrolledAt)))
    .returning({ userId: operators.userId });
  if (rows.length === 0) return false;
  await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await db.insert(operatorRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Uses a recovery code once: true when it was there and unused. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(operatorRecoveryCodes.userId, userId), eq(operatorRecoveryCodes.codeHash, codeHash), isNull(operatorRecoveryCodes.usedAt)),
    )
    .returning({ userId: operatorRecoveryCodes.userId });
  return rows.length > 0;
}

export async function elevateSession(db: DbOrTx, sessionId: string, userId: string, expiresAt: Date): Promise<void> {
  await db
    .insert(operatorElevations)
    .values({ sessionId, userId, expiresAt })
    .onConflictDoUpdate({ target: operatorElevations.sessionId, set: { userId, expiresAt } });
}

export async function elevationOf(db: DbOrTx, sessionId: string, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: operatorElevations.expiresAt })
    .from(operatorElevations)
    .where(and(eq(operatorElevations.sessionId, sessionId), eq(operatorElevations.userId, userId), gt(operatorElevations.expiresAt, now)))
    .limit(1);
  return row?.expiresAt ?? null;
}

// ---- the audit log ------------------------------------------------------------

export async function insertAudit(db: DbOrTx, row: Omit<typeof auditLog.$inferInsert, 'id'>): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilters {
  action?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  operator?: string | undefined;
}

export async function listAudit(db: DbOrTx, filters: AuditFilters, limit: number): Promise<AuditRow[]> {
  const operatorTerm = containsPattern(filters.operator);
  const where: SQL | undefined = and(
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.recordType ? eq(auditLog.recordType, filters.recordType) : undefined,
    filters.recordId ? eq(auditLog.recordId, filters.recordId) : undefined,
    operatorTerm ? ilike(auditLog.operatorEmail, operatorTerm) : undefined,
  );
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit);
}

// ---- reports ------------------------------------------------------------------

export async function insertContentReport(db: DbOrTx, row: typeof contentReports.$inferInsert): Promise<void> {
  await db.insert(contentReports).values(row);
}

export interface OpenContentReport {
  report: ContentReportRow;
  reporterEmail: string;
}

export async function openContentReports(db: DbOrTx): Promise<OpenContentReport[]> {
  return db
    .select({ report: contentReports, reporterEmail: users.email })
    .from(contentReports)
    .innerJoin(users, eq(users.id, contentReports.reporterId))
    .where(isNull(contentReports.handledAt))
    .orderBy(contentReports.createdAt);
}

export interface OpenConversationReport {
  id: string;
  reasonCode: string | null;
  reason: string;
  createdAt: Date;
  reporterId: string;
  reporterEmail: string;
  buyerId: string;
  sellerId: string;
}

/** Reports of conversations (the messages domain's table), open ones. */
export async function openConversationReports(db: DbOrTx): Promise<OpenConversationReport[]> {
  return db
    .select({
      id: reports.id,
      reasonCode: reports.reasonCode,
      reason: reports.reason,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterEmail: users.email,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .innerJoin(conversations, eq(conversations.id, reports.conversationId))
    .where(isNull(reports.handledAt))
    .orderBy(reports.createdAt);
}

/** The listing's open reports are handled (it was hidden). */
export async function handleListingReports(db: DbOrTx, productId: string, now: Date): Promise<void> {
  await db
    .update(contentReports)
    .set({ handledAt: now })
    .where(and(eq(contentReports.productId, productId), isNull(contentReports.handledAt)));
}

/** Every open report about the account (its store, its listings, conversations with it) is handled (it was suspended). */
export async function handleAccountReports(db: DbOrTx, userId: string, sellerId: string | null, now: Date): Promise<void> {
  if (sellerId)
    await db
      .update(contentReports)
      .set({ handledAt: now })
      .where(and(eq(contentReports.sellerId, sellerId), isNull(contentReports.handledAt)));
  const theirConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(sellerId ? or(eq(conversations.buyerId, userId), eq(conversations.sellerId, sellerId)) : eq(conversations.buyerId, userId));
  await db
    .update(reports)
    .set({ handledAt: now })
    .where(and(isNull(reports.handledAt), inArray(reports.conversationId, theirConversations), sql`${reports.reporterId} <> ${userId}`));
}

// ---- listings, stores, accounts ---------------------------------------------------

export async function productById(db: DbOrTx, productId: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  return row;
}

export async function productsByIds(db: DbOrTx, ids: readonly string[]): Promise<ProductRow[]> {
  return ids.length
    ? db
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
    : [];
}

export async function setHiddenReason(db: DbOrTx, productId: string, reason: ProductRow['hiddenReason']): Promise<void> {
  await db.update(products).set({ hiddenReason: reason }).where(eq(products.id, productId));
}

/** Hides a store's listed products for its owner's suspension; answers their ids. */
export async function hideForSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: 'suspension' })
    .where(and(eq(products.sellerId, sellerId), isNull(products.hiddenReason)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Shows again what a suspension hid (an operator's hiding stays); answers their ids. */
export async function showAfterSuspension(db: DbOrTx, sellerId: string): Promise<string[]> {
  const rows = await db
    .update(products)
    .set({ hiddenReason: null })
    .where(and(eq(products.sellerId, sellerId), eq(products.hiddenReason, 'suspension')))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

export async function sellerById(db: DbOrTx, sellerId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row;
}

export async function sellersByIds(db: DbOrTx, ids: readonly string[]): Promise<SellerRow[]> {
  return ids.length
    ? db
        .select()
        .from(sellers)
        .where(inArray(sellers.id, [...ids]))
    : [];
}

export async function sellerOfUser(db: DbOrTx, userId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row;
}

export async function usersByIds(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  return ids.length
    ? db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
}

export async function sellersOfUsers(db: DbOrTx, userIds: readonly string[]): Promise<SellerRow[]> {
  return userIds.length
    ? db
        .select()
        .from(sellers)
        .where(inArray(sellers.userId, [...userIds]))
    : [];
}

export async function suspendedAmong(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: accountSuspensions.userId })
    .from(accountSuspensions)
    .where(inArray(accountSuspensions.userId, [...userIds]));
  return new Set(rows.map((r) => r.userId));
}

/** True when the account was not suspended before. */
export async function insertSuspension(db: DbOrTx, row: typeof accountSuspensions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(accountSuspensions).values(row).onConflictDoNothing().returning({ userId: accountSuspensions.userId });
  return rows.length > 0;
}

/** True when the account was suspended. */
export async function deleteSuspension(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId))
    .returning({ userId: accountSuspensions.userId });
  return rows.length > 0;
}

// ---- a dispute's message thread -------------------------------------------------------

/** The messages of the conversations about an order, oldest first, with their senders' e-mails. */
export async function orderMessages(db: DbOrTx, orderId: string): Promise<Array<{ from: string; text: string; createdAt: Date }>> {
  return db
    .select({ from: users.email, text: messages.text, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(conversations.orderId, orderId))
    .orderBy(messages.seq);
}

// ---- students ------------------------------------------------------------------------

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
