/**
 * Students' reports: a student reports a listing or a store (conversations are reported
 * in the messages domain), and the console reads every open report grouped by what it
 * is about: one group per reported listing, one per account for the rest.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import type { ContentReportBody, OpsAccount, ReportGroup } from '@campus/shared/schemas';
import type { ProductRow, SellerRow } from '../db/schema';
import { forbidden, notFound } from '../lib/domain-errors';
import { fullNameOf } from '../accounts';
import * as lookups from './lookups-repository';
import {
  insertContentReport,
  openContentReports,
  openConversationReports,
  type OpenContentReport,
  type OpenConversationReport,
} from './reports-repository';

/** Reports a student may send in a day (listings, stores). */
export const REPORTS_PER_DAY = 10;

export async function report(app: FastifyInstance, reporterId: string, body: ContentReportBody & { details: string }): Promise<void> {
  const now = app.clock.now();
  let sellerId: string;
  let productId: string | null = null;
  if (body.target.kind === 'listing') {
    const product = await lookups.productById(app.db, body.target.productId);
    if (!product || product.hiddenReason) throw notFound(MESSAGES.reports.unknownListing);
    sellerId = product.sellerId;
    productId = product.id;
  } else {
    const seller = await lookups.sellerById(app.db, body.target.sellerId);
    if (!seller) throw notFound(MESSAGES.reports.unknownStore);
    sellerId = seller.id;
  }
  const store = await lookups.sellerById(app.db, sellerId);
  if (store?.userId === reporterId) throw forbidden(MESSAGES.reports.ownListing);
  await insertContentReport(app.db, {
    id: randomUUID(),
    reporterId,
    targetKind: body.target.kind,
    productId,
    sellerId,
    reason: body.reason,
    details: body.details,
    createdAt: now,
  });
}

/** What the groups name, read at once for all the open reports: stores, listings, and the accounts reported. */
interface Reported {
  sellerById: Map<string, SellerRow>;
  productById: Map<string, ProductRow>;
  accountOfChat: (c: OpenConversationReport) => string;
  accountOf: (userId: string) => OpsAccount;
}

async function reportedOf(app: FastifyInstance, content: OpenContentReport[], chats: OpenConversationReport[]): Promise<Reported> {
  const sellerRows = await lookups.sellersByIds(app.db, [
    ...new Set([...content.map((c) => c.report.sellerId), ...chats.map((c) => c.sellerId)]),
  ]);
  const sellerById = new Map(sellerRows.map((s) => [s.id, s]));
  // A conversation's report is about the other side of it.
  const accountOfChat = (c: OpenConversationReport) =>
    c.reporterId === c.buyerId ? (sellerById.get(c.sellerId)?.userId ?? '') : c.buyerId;
  const userIds = [...new Set([...sellerRows.map((s) => s.userId), ...chats.map(accountOfChat)])];
  const [userRows, theirStores, suspended, productRows] = await Promise.all([
    lookups.usersByIds(app.db, userIds),
    lookups.sellersOfUsers(app.db, userIds),
    lookups.suspendedAmong(app.db, userIds),
    lookups.productsByIds(app.db, [...new Set(content.flatMap((c) => (c.report.productId ? [c.report.productId] : [])))]),
  ]);
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const storeOfUser = new Map(theirStores.map((s) => [s.userId, s]));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const accountOf = (userId: string): OpsAccount => {
    const user = userById.get(userId);
    return {
      userId,
      email: user?.email ?? '',
      name: user ? fullNameOf(user) : '',
      storeName: storeOfUser.get(userId)?.catalogueName ?? null,
      suspended: suspended.has(userId),
    };
  };
  return { sellerById, productById, accountOfChat, accountOf };
}

/** Open reports: one group per reported listing; one per account for its store's and its conversations' reports. */
export async function reportGroups(app: FastifyInstance): Promise<ReportGroup[]> {
  const [content, chats] = await Promise.all([openContentReports(app.db), openConversationReports(app.db)]);
  const { sellerById, productById, accountOfChat, accountOf } = await reportedOf(app, content, chats);

  const groups = new Map<string, ReportGroup>();
  const groupFor = (key: string, make: () => ReportGroup) => {
    const found = groups.get(key);
    if (found) return found;
    const made = make();
    groups.set(key, made);
    return made;
  };
  for (const { report: r, reporterEmail } of content) {
    const ownerId = sellerById.get(r.sellerId)?.userId ?? '';
    const product = r.productId ? productById.get(r.productId) : undefined;
    const group = product
      ? groupFor(`listing:${product.id}`, () => ({
          key: `listing:${product.id}`,
          kind: 'listing',
          listing: { id: product.id, slug: product.slug, name: product.name, hidden: product.hiddenReason !== null },
          account: accountOf(ownerId),
          reports: [],
        }))
      : groupFor(`account:${ownerId}`, () => ({
          key: `account:${ownerId}`,
          kind: 'account',
          listing: null,
          account: accountOf(ownerId),
          reports: [],
        }));
    group.reports.push({
      id: r.id,
      kind: r.targetKind,
      reason: r.reason,
      details: r.details,
      reporterEmail,
      createdAt: r.createdAt.toISOString(),
    });
  }
  for (const c of chats) {
    const userId = accountOfChat(c);
    const group = groupFor(`account:${userId}`, () => ({
      key: `account:${userId}`,
      kind: 'account',
      listing: null,
      account: accountOf(userId),
      reports: [],
    }));
    group.reports.push({
      id: c.id,
      kind: 'conversation',
      // The reason from the list (reports made before it had none).
      reason: c.reasonCode ?? 'conversation',
      details: c.reason,
      reporterEmail: c.reporterEmail,
      createdAt: c.createdAt.toISOString(),
    });
  }
  // Most reported first.
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length);
}
