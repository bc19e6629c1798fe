/**
 * Students as the console sees them: finding an account, its page (orders, open orders,
 * reports about it, sign-ins, live sessions), and signing it out everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import type { OpsAccount, StudentDetail } from '@campus/shared/schemas';
import { notFound } from '../lib/domain-errors';
import { fullNameOf, liveSessionCount, revokeUserSessions, signInEventsOf } from '../accounts';
import { audit, type Actor } from './audit';
import * as lookups from './lookups-repository';
import { accountView, toOpenOrder } from './moderation';
import * as repo from './students-repository';

export async function searchStudents(app: FastifyInstance, words: string | undefined): Promise<OpsAccount[]> {
  if (!words || words.trim().length < 2) return [];
  const found = await repo.searchUsers(app.db, words, 50);
  const ids = found.map((u) => u.id);
  const [stores, suspended] = await Promise.all([lookups.sellersOfUsers(app.db, ids), lookups.suspendedAmong(app.db, ids)]);
  const storeOf = new Map(stores.map((st) => [st.userId, st]));
  return found.map((u) => ({
    userId: u.id,
    email: u.email,
    name: fullNameOf(u),
    storeName: storeOf.get(u.id)?.catalogueName ?? null,
    suspended: suspended.has(u.id),
  }));
}

export async function studentDetail(app: FastifyInstance, userId: string): Promise<StudentDetail> {
  const [user] = await lookups.usersByIds(app.db, [userId]);
  if (!user) throw notFound(MESSAGES.ops.unknownAccount);
  const store = await lookups.sellerOfUser(app.db, userId);
  const sellerId = store?.id ?? null;
  const [account, orders, open, reports, signIns, liveSessions] = await Promise.all([
    accountView(app, userId),
    repo.ordersOfAccount(app.db, userId, sellerId, { openOnly: false, limit: 100 }),
    repo.ordersOfAccount(app.db, userId, sellerId, { openOnly: true, limit: 200 }),
    repo.reportsAboutAccount(app.db, userId, sellerId),
    signInEventsOf(app.db, userId, 50),
    liveSessionCount(app.db, userId, app.clock.now()),
  ]);
  return {
    account,
    createdAt: user.createdAt.toISOString(),
    orders: orders.map(toOpenOrder),
    openOrders: open.map(toOpenOrder),
    reports: reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    signIns: signIns.map((e) => ({ at: e.at.toISOString(), ip: e.ip, userAgent: e.userAgent, success: e.success })),
    liveSessions,
  };
}

/** Every session of the account ends now (its open pages are told at once). */
export async function signOutEverywhere(app: FastifyInstance, actor: Actor, userId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const [user] = await lookups.usersByIds(tx, [userId]);
    if (!user) throw notFound(MESSAGES.ops.unknownAccount);
    await revokeUserSessions(tx, userId, now);
    await audit(tx, actor, { action: 'account.sign-out', recordType: 'account', recordId: userId, reason }, now);
  });
  app.sessionEnds.ended(userId);
}
