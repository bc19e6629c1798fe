/**
 * Moderation: hiding a listing and showing it again, suspending an account and restoring
 * it. Each change and its audit row commit in one transaction; the search index follows
 * before the answer, and the seller is e-mailed through the outbox (emails.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import type { OpenOrder, OpsAccount } from '@campus/shared/schemas';
import { conflict, forbidden, notFound } from '../lib/domain-errors';
import { fullNameOf, revokeUserSessions } from '../accounts';
import { queueEmail } from '../money';
import { hideForSuspension, setHiddenReason, showAfterSuspension } from '../products';
import { audit, type Actor } from './audit';
import { listingHiddenEmail, listingRestoredEmail } from './emails';
import * as lookups from './lookups-repository';
import * as repo from './moderation-repository';
import { handleAccountReports, handleListingReports } from './reports-repository';
import { ordersOfAccount, type OrderOfAccount } from './students-repository';

// ---- listings ------------------------------------------------------------------------

/** Hidden at once: the search index is updated before the answer; the seller is e-mailed. */
export async function hideListing(app: FastifyInstance, actor: Actor, productId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const product = await lookups.productById(tx, productId);
    if (!product) throw notFound(MESSAGES.reports.unknownListing);
    if (product.hiddenReason === 'operator') throw conflict(MESSAGES.ops.alreadyHidden);
    await setHiddenReason(tx, product.id, 'operator');
    await handleListingReports(tx, product.id, now);
    await audit(tx, actor, { action: 'listing.hide', recordType: 'listing', recordId: product.id, reason }, now);
    const store = await lookups.sellerById(tx, product.sellerId);
    const owner = store ? (await lookups.usersByIds(tx, [store.userId]))[0] : undefined;
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
    const product = await lookups.productById(tx, productId);
    if (!product) throw notFound(MESSAGES.reports.unknownListing);
    if (product.hiddenReason !== 'operator') throw conflict(MESSAGES.ops.notHidden);
    const store = await lookups.sellerById(tx, product.sellerId);
    const ownerSuspended = store ? (await lookups.suspendedAmong(tx, [store.userId])).has(store.userId) : false;
    // Still out of sight while its owner is suspended; restoring the account shows it.
    await setHiddenReason(tx, product.id, ownerSuspended ? 'suspension' : null);
    await audit(tx, actor, { action: 'listing.restore', recordType: 'listing', recordId: product.id, reason }, now);
    const owner = store ? (await lookups.usersByIds(tx, [store.userId]))[0] : undefined;
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
  const [user] = await lookups.usersByIds(app.db, [userId]);
  if (!user) throw notFound(MESSAGES.ops.unknownAccount);
  const [store, suspended] = await Promise.all([lookups.sellerOfUser(app.db, userId), lookups.suspendedAmong(app.db, [userId])]);
  return { userId, email: user.email, name: fullNameOf(user), storeName: store?.catalogueName ?? null, suspended: suspended.has(userId) };
}

/** The account cannot sign in; its sessions end now; its listings leave search, categories and its catalogue. Answers its open orders to settle. */
export async function suspendAccount(app: FastifyInstance, actor: Actor, userId: string, reason: string): Promise<OpenOrder[]> {
  if (userId === actor.userId) throw forbidden(MESSAGES.ops.ownAccount);
  const now = app.clock.now();
  const hidden = await app.db.transaction(async (tx) => {
    const [user] = await lookups.usersByIds(tx, [userId]);
    if (!user) throw notFound(MESSAGES.ops.unknownAccount);
    if (!(await repo.insertSuspension(tx, { userId, reason, suspendedBy: actor.userId, suspendedAt: now })))
      throw conflict(MESSAGES.ops.alreadySuspended);
    await revokeUserSessions(tx, userId, now);
    const store = await lookups.sellerOfUser(tx, userId);
    const ids = store ? await hideForSuspension(tx, store.id) : [];
    await handleAccountReports(tx, userId, store?.id ?? null, now);
    await audit(tx, actor, { action: 'account.suspend', recordType: 'account', recordId: userId, reason }, now);
    return ids;
  });
  app.sessionEnds.ended(userId);
  await app.catalogue.search.products(hidden);
  return openOrdersOf(app, userId);
}

/** An order of the account as the API answers it (students.ts answers them too). */
export const toOpenOrder = (o: OrderOfAccount): OpenOrder => ({ ...o, createdAt: o.createdAt.toISOString() });

/** The account's orders, as buyer or seller, that are neither delivered nor cancelled: an operator settles them after a suspension. */
export async function openOrdersOf(app: FastifyInstance, userId: string): Promise<OpenOrder[]> {
  const store = await lookups.sellerOfUser(app.db, userId);
  return (await ordersOfAccount(app.db, userId, store?.id ?? null, { openOnly: true, limit: 200 })).map(toOpenOrder);
}

/** Puts back what suspension took: signing in, and the listings it hid (not those an operator hid). */
export async function restoreAccount(app: FastifyInstance, actor: Actor, userId: string, reason: string): Promise<void> {
  const now = app.clock.now();
  const shown = await app.db.transaction(async (tx) => {
    if (!(await repo.deleteSuspension(tx, userId))) throw conflict(MESSAGES.ops.notSuspended);
    const store = await lookups.sellerOfUser(tx, userId);
    const ids = store ? await showAfterSuspension(tx, store.id) : [];
    await audit(tx, actor, { action: 'account.restore', recordType: 'account', recordId: userId, reason }, now);
    return ids;
  });
  await app.catalogue.search.products(shown);
}
