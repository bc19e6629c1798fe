/**
 * The operations console's rules. Operators are granted from the command line
 * only (api/scripts/ops.ts). An operator acts only from a session whose second
 * factor (TOTP, or a one-use recovery code) was checked in the last 15 minutes.
 * Every action writes one audit row in the transaction that makes the change,
 * so an action and its audit row commit together or not at all; the database
 * refuses to change or delete an audit row (a trigger, see the migration).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { toKobo } from '@campus/shared/money';
import type {
  AuditEntry,
  AuditQuery,
  ContentReportBody,
  DisputeDecisionBody,
  Enrolment,
  MoneyQueue,
  OpenOrder,
  OperatorStatus,
  OpsAccount,
  OpsDispute,
  OpsDisputeSummary,
  ReportGroup,
  ReviewDecisionBody,
  StudentDetail,
} from '@campus/shared/schemas';
import type { Db, DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';
import { hashToken } from '../lib/crypto';
import { conflict, forbidden, invalid, notFound } from '../lib/domain-errors';
import { fullNameOf, liveSessionCount, revokeUserSessions, signInEventsOf } from '../accounts';
import {
  decideDispute,
  decideReviewedPayment,
  moneyQueueRows,
  platformFeesBalanceKobo,
  resolvePayoutAttention,
  retryPayoutNow,
  retryRefundNow,
  type AttentionOutcome,
  disputesOfOrders,
  listDisputes,
  orderLedgerLines,
  orderRow,
  queueEmail,
  type DecisionInput,
  type DecisionResult,
} from '../money';
import { listingHiddenEmail, listingRestoredEmail } from './emails';
import * as repo from './repository';
import { appSecret } from '../db/app-secrets';
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, openTotpSecret, sealTotpSecret } from './totp';

/** Outside production without OPS_TOTP_KEY: a fixed key, so a development database survives restarts. */
const DEVELOPMENT_TOTP_KEY = 'campus-marketplace-development-operator-totp-key';

/** The key TOTP secrets are sealed with (config.ts opsTotpKey). */
async function totpKey(app: FastifyInstance): Promise<string> {
  if (app.config.opsTotpKey) return app.config.opsTotpKey;
  if (app.config.nodeEnv !== 'production') return DEVELOPMENT_TOTP_KEY;
  return appSecret(app.db, 'ops-totp-key', app.clock.now());
}

/** How long a checked second factor lets the session act as an operator. */
export const ELEVATION_MS = 15 * 60 * 1000;
/** Reports a student may send in a day (listings, stores). */
export const REPORTS_PER_DAY = 10;

/** Who acts, from where: the audit row's who and address. */
export interface Actor {
  userId: string;
  email: string;
  ip: string;
}

interface Audited {
  action: string;
  recordType: string;
  recordId: string;
  reason: string;
}

function audit(db: DbOrTx, actor: Actor, what: Audited, now: Date): Promise<void> {
  return repo.insertAudit(db, { operatorId: actor.userId, operatorEmail: actor.email, ip: actor.ip, createdAt: now, ...what });
}

// ---- granting (the command line) ------------------------------------------------

export type GrantOutcome = 'granted' | 'revoked' | 'unchanged' | 'no-account';

/** The command line's grant and revoke, audited as the command line's action. */
export async function setOperator(db: Db, email: string, grant: boolean, who: string, now: Date): Promise<GrantOutcome> {
  const user = await repo.findUserByEmailAddress(db, email);
  if (!user) return 'no-account';
  return db.transaction(async (tx) => {
    const changed = grant ? await repo.insertOperator(tx, user.id, now) : await repo.deleteOperator(tx, user.id);
    if (!changed) return 'unchanged';
    await audit(
      tx,
      { userId: 'command-line', email: who, ip: 'command-line' },
      {
        action: grant ? 'operator.grant' : 'operator.revoke',
        recordType: 'account',
        recordId: user.id,
        reason: `${grant ? 'granted' : 'revoked'} from the command line`,
      },
      now,
    );
    return grant ? 'granted' : 'revoked';
  });
}

// ---- the second factor -------------------------------------------------------------

interface SignedIn {
  sessionId: string;
  user: UserRow;
}

async function operatorOf(app: FastifyInstance, userId: string) {
  const operator = await repo.findOperator(app.db, userId);
  if (!operator) throw forbidden(MESSAGES.ops.notOperator);
  return operator;
}

export async function isOperator(db: DbOrTx, userId: string): Promise<boolean> {
  return (await repo.findOperator(db, userId)) !== undefined;
}

/**
 * The guard of every /ops route: an operator (403 otherwise), and, for the console's
 * data and actions, a session whose second factor was checked in the last 15 minutes.
 */
export async function requireOperator(app: FastifyInstance, auth: SignedIn, secondFactor: boolean): Promise<void> {
  await operatorOf(app, auth.user.id);
  if (secondFactor && !(await repo.elevationOf(app.db, auth.sessionId, auth.user.id, app.clock.now()))) {
    throw forbidden(MESSAGES.ops.secondFactorRequired);
  }
}

export async function operatorStatus(app: FastifyInstance, auth: SignedIn): Promise<OperatorStatus> {
  const operator = await operatorOf(app, auth.user.id);
  const until = await repo.elevationOf(app.db, auth.sessionId, auth.user.id, app.clock.now());
  return { enrolled: operator.enrolledAt !== null, elevatedUntil: until?.toISOString() ?? null };
}

/** A new secret each time until the first code confirms one; refused once enrolled (a lost phone: revoke and grant again). */
export async function startEnrolment(app: FastifyInstance, auth: SignedIn): Promise<Enrolment> {
  const operator = await operatorOf(app, auth.user.id);
  if (operator.enrolledAt) throw conflict(MESSAGES.ops.alreadyEnrolled);
  const secret = newTotpSecret();
  // Sealed at rest: a copy of the database alone does not give the codes.
  if (!(await repo.setPendingSecret(app.db, auth.user.id, sealTotpSecret(await totpKey(app), auth.user.id, secret))))
    throw conflict(MESSAGES.ops.alreadyEnrolled);
  return { secret, ...(await enrolmentOf(secret, auth.user.email, `${app.config.universityName} Marketplace`)) };
}

async function elevate(app: FastifyInstance, db: DbOrTx, auth: SignedIn): Promise<string> {
  const until = new Date(app.clock.now().getTime() + ELEVATION_MS);
  await repo.elevateSession(db, auth.sessionId, auth.user.id, until);
  return until.toISOString();
}

export async function confirmEnrolment(
  app: FastifyInstance,
  auth: SignedIn,
  code: string,
): Promise<{ recoveryCodes: string[]; elevatedUntil: string }> {
  const operator = await operatorOf(app, auth.user.id);
  if (operator.enrolledAt) throw conflict(MESSAGES.ops.alreadyEnrolled);
  if (!operator.totpSecret) throw conflict(MESSAGES.ops.notEnrolled);
  const now = app.clock.now();
  const step = matchingStep(openTotpSecret(await totpKey(app), auth.user.id, operator.totpSecret), code, now);
  if (step === null) throw invalid(MESSAGES.ops.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  return app.db.transaction(async (tx) => {
    if (!(await repo.takeTotpStep(tx, auth.user.id, step))) throw invalid(MESSAGES.ops.wrongCode);
    if (
      !(await repo.markEnrolled(
        tx,
        auth.user.id,
        now,
        recoveryCodes.map((c) => hashToken(c)),
      ))
    )
      throw conflict(MESSAGES.ops.alreadyEnrolled);
    return { recoveryCodes, elevatedUntil: await elevate(app, tx, auth) };
  });
}

/** The authenticator's current code (each time step once) or an unused recovery code. */
export async function verifySecondFactor(app: FastifyInstance, auth: SignedIn, code: string): Promise<{ elevatedUntil: string }> {
  const operator = await operatorOf(app, auth.user.id);
  if (!operator.enrolledAt || !operator.totpSecret) throw conflict(MESSAGES.ops.notEnrolled);
  const now = app.clock.now();
  const step = matchingStep(openTotpSecret(await totpKey(app), auth.user.id, operator.totpSecret), code, now);
  const accepted =
    step !== null
      ? await repo.takeTotpStep(app.db, auth.user.id, step)
      : /^\d+$/.test(code)
        ? false
        : await repo.useRecoveryCode(app.db, auth.user.id, hashToken(normaliseRecoveryCode(code)), now);
  if (!accepted) throw invalid(MESSAGES.ops.wrongCode);
  return { elevatedUntil: await elevate(app, app.db, auth) };
}

// ---- students' reports ------------------------------------------------------------------

export async function report(app: FastifyInstance, reporterId: string, body: ContentReportBody & { details: string }): Promise<void> {
  const now = app.clock.now();
  let sellerId: string;
  let productId: string | null = null;
  if (body.target.kind === 'listing') {
    const product = await repo.productById(app.db, body.target.productId);
    if (!product || product.hiddenReason) throw notFound(MESSAGES.reports.unknownListing);
    sellerId = product.sellerId;
    productId = product.id;
  } else {
    const seller = await repo.sellerById(app.db, body.target.sellerId);
    if (!seller) throw notFound(MESSAGES.reports.unknownStore);
    sellerId = seller.id;
  }
  const store = await repo.sellerById(app.db, sellerId);
  if (store?.userId === reporterId) throw forbidden(MESSAGES.reports.ownListing);
  await repo.insertContentReport(app.db, {
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

/** Open reports: one group per reported listing; one per account for its store's and its conversations' reports. */
export async function reportGroups(app: FastifyInstance): Promise<ReportGroup[]> {
  const [content, chats] = await Promise.all([repo.openContentReports(app.db), repo.openConversationReports(app.db)]);
  const sellerRows = await repo.sellersByIds(app.db, [
    ...new Set([...content.map((c) => c.report.sellerId), ...chats.map((c) => c.sellerId)]),
  ]);
  const sellerById = new Map(sellerRows.map((s) => [s.id, s]));
  // A conversation's report is about the other side of it.
  const accountOfChat = (c: repo.OpenConversationReport) =>
    c.reporterId === c.buyerId ? (sellerById.get(c.sellerId)?.userId ?? '') : c.buyerId;
  const userIds = [...new Set([...sellerRows.map((s) => s.userId), ...chats.map(accountOfChat)])];
  const [userRows, theirStores, suspended, productRows] = await Promise.all([
    repo.usersByIds(app.db, userIds),
    repo.sellersOfUsers(app.db, userIds),
    repo.suspendedAmong(app.db, userIds),
    repo.productsByIds(app.db, [...new Set(content.flatMap((c) => (c.report.productId ? [c.report.productId] : [])))]),
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

// ---- listings ------------------------------------------------------------------------

/** Hidden at once: the search index is updated before the answer; the seller is e-mailed. */
export async function hideListing(app: FastifyInstance, actor: Actor, productId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const product = await repo.productById(tx, productId);
    if (!product) throw notFound(MESSAGES.reports.unknownListing);
    if (product.hiddenReason === 'operator') throw conflict(MESSAGES.ops.alreadyHidden);
    await repo.setHiddenReason(tx, product.id, 'operator');
    await repo.handleListingReports(tx, product.id, now);
    await audit(tx, actor, { action: 'listing.hide', recordType: 'listing', recordId: product.id, reason }, now);
    const store = await repo.sellerById(tx, product.sellerId);
    const owner = store ? (await repo.usersByIds(tx, [store.userId]))[0] : undefined;
    if (owner)
      await queueEmail(
        tx,
        `listing-hidden:${product.id}:${now.getTime()}`,
        listingHiddenEmail(app.config, owner.email, product.name, reason),
        now,
      );
  });
  await app.catalogue.search.products([productId]);
  app.payments.afterCommit([]);
}

export async function restoreListing(app: FastifyInstance, actor: Actor, productId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const product = await repo.productById(tx, productId);
    if (!product) throw notFound(MESSAGES.reports.unknownListing);
    if (product.hiddenReason !== 'operator') throw conflict(MESSAGES.ops.notHidden);
    const store = await repo.sellerById(tx, product.sellerId);
    const ownerSuspended = store ? (await repo.suspendedAmong(tx, [store.userId])).has(store.userId) : false;
    // Still out of sight while its owner is suspended; restoring the account shows it.
    await repo.setHiddenReason(tx, product.id, ownerSuspended ? 'suspension' : null);
    await audit(tx, actor, { action: 'listing.restore', recordType: 'listing', recordId: product.id, reason }, now);
    const owner = store ? (await repo.usersByIds(tx, [store.userId]))[0] : undefined;
    if (owner && !ownerSuspended)
      await queueEmail(
        tx,
        `listing-restored:${product.id}:${now.getTime()}`,
        listingRestoredEmail(app.config, owner.email, product.name),
        now,
      );
  });
  await app.catalogue.search.products([productId]);
  app.payments.afterCommit([]);
}

// ---- accounts ---------------------------------------------------------------------------

export async function accountView(app: FastifyInstance, userId: string): Promise<OpsAccount> {
  const [user] = await repo.usersByIds(app.db, [userId]);
  if (!user) throw notFound(MESSAGES.ops.unknownAccount);
  const [store, suspended] = await Promise.all([repo.sellerOfUser(app.db, userId), repo.suspendedAmong(app.db, [userId])]);
  return { userId, email: user.email, name: fullNameOf(user), storeName: store?.catalogueName ?? null, suspended: suspended.has(userId) };
}

/** The account cannot sign in; its sessions end now; its listings leave search, categories and its catalogue. Answers its open orders to settle. */
export async function suspendAccount(app: FastifyInstance, actor: Actor, userId: string, reason: string): Promise<OpenOrder[]> {
  if (userId === actor.userId) throw forbidden(MESSAGES.ops.ownAccount);
  const now = app.clock.now();
  const hidden = await app.db.transaction(async (tx) => {
    const [user] = await repo.usersByIds(tx, [userId]);
    if (!user) throw notFound(MESSAGES.ops.unknownAccount);
    if (!(await repo.insertSuspension(tx, { userId, reason, suspendedBy: actor.userId, suspendedAt: now })))
      throw conflict(MESSAGES.ops.alreadySuspended);
    await revokeUserSessions(tx, userId, now);
    const store = await repo.sellerOfUser(tx, userId);
    const ids = store ? await repo.hideForSuspension(tx, store.id) : [];
    await repo.handleAccountReports(tx, userId, store?.id ?? null, now);
    await audit(tx, actor, { action: 'account.suspend', recordType: 'account', recordId: userId, reason }, now);
    return ids;
  });
  app.sessionEnds.ended(userId);
  await app.catalogue.search.products(hidden);
  return openOrdersOf(app, userId);
}

const toOpenOrder = (o: repo.OrderOfAccount): OpenOrder => ({ ...o, createdAt: o.createdAt.toISOString() });

/** The account's orders, as buyer or seller, that are neither delivered nor cancelled: an operator settles them after a suspension. */
export async function openOrdersOf(app: FastifyInstance, userId: string): Promise<OpenOrder[]> {
  const store = await repo.sellerOfUser(app.db, userId);
  return (await repo.ordersOfAccount(app.db, userId, store?.id ?? null, { openOnly: true, limit: 200 })).map(toOpenOrder);
}

/** Puts back what suspension took: signing in, and the listings it hid (not those an operator hid). */
export async function restoreAccount(app: FastifyInstance, actor: Actor, userId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  const shown = await app.db.transaction(async (tx) => {
    if (!(await repo.deleteSuspension(tx, userId))) throw conflict(MESSAGES.ops.notSuspended);
    const store = await repo.sellerOfUser(tx, userId);
    const ids = store ? await repo.showAfterSuspension(tx, store.id) : [];
    await audit(tx, actor, { action: 'account.restore', recordType: 'account', recordId: userId, reason }, now);
    return ids;
  });
  await app.catalogue.search.products(shown);
}

// ---- disputes --------------------------------------------------------------------------------

export async function disputeQueue(app: FastifyInstance): Promise<OpsDisputeSummary[]> {
  const rows = await listDisputes(app.db, false);
  return rows.map((r) => ({
    id: r.dispute.id,
    status: r.dispute.status,
    orderId: r.dispute.orderId,
    orderCode: r.orderCode,
    totalKobo: r.totalKobo,
    storeName: r.storeName,
    buyerEmail: r.buyerEmail,
    reason: r.dispute.reason,
    openedAt: r.dispute.openedAt.toISOString(),
    statements: r.statements,
  }));
}

export async function disputeDetail(app: FastifyInstance, disputeId: string): Promise<OpsDispute> {
  const summary = (await disputeQueue(app)).find((d) => d.id === disputeId);
  if (!summary) throw notFound(MESSAGES.disputes.unknown);
  const order = await orderRow(app.db, summary.orderId);
  if (!order) throw notFound(MESSAGES.disputes.unknown);
  const [views, ledger, thread, store] = await Promise.all([
    disputesOfOrders(app.db, [order.id]),
    orderLedgerLines(app.db, order.id, order.paymentId),
    repo.orderMessages(app.db, order.id),
    repo.sellerById(app.db, order.sellerId),
  ]);
  const dispute = views.get(order.id);
  if (!dispute) throw notFound(MESSAGES.disputes.unknown);
  const owner = store ? (await repo.usersByIds(app.db, [store.userId]))[0] : undefined;
  return {
    ...summary,
    orderStatus: order.status,
    sellerEmail: owner?.email ?? null,
    dispute,
    messages: thread.map((m) => ({ from: m.from, text: m.text, createdAt: m.createdAt.toISOString() })),
    ledger: ledger.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
  };
}

/** Naira typed by the operator → integer kobo; the money domain checks it against what was paid. */
function decisionOf(body: DisputeDecisionBody): DecisionInput {
  if (body.outcome !== 'part') return { kind: body.outcome, note: body.reason };
  let refundKobo: number;
  try {
    refundKobo = toKobo(body.amountNaira ?? '');
  } catch {
    throw invalid(MESSAGES.ops.amountInvalid);
  }
  return { kind: 'part', refundKobo, note: body.reason };
}

/** Through the money domain: its ledger journals, refund, payout and both sides' e-mails, with the audit row in its transaction. */
export async function decide(app: FastifyInstance, actor: Actor, disputeId: string, body: DisputeDecisionBody): Promise<DecisionResult> {
  const now = app.clock.now();
  const result = await decideDispute(app.db, disputeId, decisionOf(body), { config: app.config, now }, (tx, made) =>
    audit(tx, actor, { action: `dispute.${body.outcome}`, recordType: 'dispute', recordId: made.disputeId, reason: body.reason }, now),
  );
  app.payments.afterCommit([]);
  return result;
}

// ---- the audit log -----------------------------------------------------------------------------

export async function auditEntries(app: FastifyInstance, query: AuditQuery): Promise<AuditEntry[]> {
  const rows = await repo.listAudit(app.db, query, 500);
  return rows.map((r) => ({
    id: r.id,
    operatorEmail: r.operatorEmail,
    action: r.action,
    recordType: r.recordType,
    recordId: r.recordId,
    reason: r.reason,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
}

// ---- students ----------------------------------------------------------------------------------

export async function searchStudents(app: FastifyInstance, words: string | undefined): Promise<OpsAccount[]> {
  if (!words || words.trim().length < 2) return [];
  const found = await repo.searchUsers(app.db, words, 50);
  const ids = found.map((u) => u.id);
  const [stores, suspended] = await Promise.all([repo.sellersOfUsers(app.db, ids), repo.suspendedAmong(app.db, ids)]);
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
  const [user] = await repo.usersByIds(app.db, [userId]);
  if (!user) throw notFound(MESSAGES.ops.unknownAccount);
  const store = await repo.sellerOfUser(app.db, userId);
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
    const [user] = await repo.usersByIds(tx, [userId]);
    if (!user) throw notFound(MESSAGES.ops.unknownAccount);
    await revokeUserSessions(tx, userId, now);
    await audit(tx, actor, { action: 'account.sign-out', recordType: 'account', recordId: userId, reason }, now);
  });
  app.sessionEnds.ended(userId);
}

// ---- money that needs a person ------------------------------------------------------------------

/** The queue, and the ledger beside Paystack's balance (Fetch Balance); Paystack unreachable: its side is null. */
export async function moneyQueue(app: FastifyInstance): Promise<MoneyQueue> {
  const [rows, platformFeesKobo] = await Promise.all([moneyQueueRows(app.db), platformFeesBalanceKobo(app.db)]);
  let balance: { ledgerKobo: number; inFlightKobo: number; paystackKobo: number | null; differenceKobo: number | null };
  try {
    balance = await app.payments.checkProviderBalance();
  } catch (error) {
    app.log.warn({ err: error }, "Paystack's balance not read for the money queue");
    const { ledgerKobo, inFlightKobo } = await app.payments.ledgerSideOfBalance();
    balance = { ledgerKobo, inFlightKobo, paystackKobo: null, differenceKobo: null };
  }
  return {
    payments: rows.payments.map((p) => ({
      id: p.id,
      reference: p.reference,
      email: p.email,
      amountKobo: p.amountKobo,
      reviewReason: p.reviewReason,
      createdAt: p.createdAt.toISOString(),
    })),
    payouts: rows.payouts.map((p) => ({
      id: p.id,
      reference: p.reference,
      sellerId: p.sellerId,
      storeName: p.storeName,
      amountKobo: p.amountKobo,
      status: p.status,
      failureReason: p.failureReason,
      attention: p.attention ?? '',
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: rows.refunds.map((r) => ({
      id: r.id,
      paymentReference: r.paymentReference,
      buyerEmail: r.buyerEmail,
      orderId: r.orderId,
      amountKobo: r.amountKobo,
      status: r.status,
      attention: r.attention,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    })),
    reconciliation: { ...balance, platformFeesKobo, alerts: [...app.payments.moneyAlerts] },
  };
}

/** A queue item's outcome as the API answers it: gone (404), no longer waiting (409), or done. */
function settled<T>(outcome: AttentionOutcome<T>): T {
  if (outcome.kind === 'not-found') throw notFound(MESSAGES.ops.unknownMoneyItem);
  if (outcome.kind === 'not-waiting') throw conflict(MESSAGES.ops.nothingToRetry);
  if (outcome.kind === 'still-pending') throw conflict(MESSAGES.ops.payoutStillPending);
  return outcome.row;
}

/** Accept (the orders are made through the charge's own fulfilment) or refund whole a payment held for review. */
export async function decideReviewPayment(app: FastifyInstance, actor: Actor, paymentId: string, body: ReviewDecisionBody): Promise<void> {
  const now = app.clock.now();
  const outcome = await decideReviewedPayment(
    app.db,
    paymentId,
    body.outcome,
    { config: app.config, completionSecret: app.payments.completionSecret, now },
    (tx) => audit(tx, actor, { action: `payment.${body.outcome}`, recordType: 'payment', recordId: paymentId, reason: body.reason }, now),
  );
  if (outcome.kind === 'not-found') throw notFound(MESSAGES.ops.unknownMoneyItem);
  if (outcome.kind === 'already') throw conflict(MESSAGES.ops.notUnderReview);
  app.payments.afterCommit(outcome.kind === 'fulfilled' ? outcome.productIds : []);
}

export async function retryPayout(app: FastifyInstance, actor: Actor, payoutId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  settled(
    await retryPayoutNow(app.db, payoutId, now, (tx) =>
      audit(tx, actor, { action: 'payout.retry', recordType: 'payout', recordId: payoutId, reason }, now),
    ),
  );
  app.payments.afterCommit([]);
}

export async function resolvePayout(app: FastifyInstance, actor: Actor, payoutId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  settled(
    await resolvePayoutAttention(app.db, payoutId, (tx) =>
      audit(tx, actor, { action: 'payout.resolve', recordType: 'payout', recordId: payoutId, reason }, now),
    ),
  );
}

export async function retryRefund(app: FastifyInstance, actor: Actor, refundId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  const refund = settled(
    await retryRefundNow(app.db, refundId, { config: app.config, now }, (tx) =>
      audit(tx, actor, { action: 'refund.retry', recordType: 'refund', recordId: refundId, reason }, now),
    ),
  );
  // At Paystack already (waiting for an account, or a word not applied): Paystack's word is read again.
  if (refund.status !== 'pending') await app.payments.recheckRefund(refund);
  app.payments.afterCommit([]);
}
