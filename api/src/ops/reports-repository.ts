/**
 * Rows of students' reports: reports of listings and stores (this domain's table) and
 * reports of conversations (the messages domain's table), the open ones read for the
 * console, and both marked handled when a listing is hidden or an account suspended.
 * Queries only; the rules are in reports.ts and moderation.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { handleConversationReportsAbout } from '../messages';
import { contentReports, conversations, reports, users, type ContentReportRow } from '../db/schema';

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

/** Every open report about the account (its store, its listings) is handled (it was suspended); conversations' reports are the messages domain's. */
export async function handleAccountReports(db: DbOrTx, userId: string, sellerId: string | null, now: Date): Promise<void> {
  if (sellerId)
    await db
      .update(contentReports)
      .set({ handledAt: now })
      .where(and(eq(contentReports.sellerId, sellerId), isNull(contentReports.handledAt)));
  await handleConversationReportsAbout(db, userId, sellerId, now);
}
