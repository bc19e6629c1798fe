/**
 * Disputes: an accepted order not completed 14 days after payment is
 * disputed by its buyer instead of refunded (status-rules.ts). The money
 * stays held in the store's account; both sides add statements; the campus
 * team decides once (decideDispute): refund whole, refund part, or release
 * to the store. Each change locks the dispute's order first (the decision then
 * the dispute row too), so a decision and a statement or a second decision never race.
 *
 * A statement with photos: who may add it is checked first (so a stranger's
 * upload is never processed), then the photos are stored, then the statement
 * written; when the write is refused (the dispute was decided meanwhile) the
 * photos just stored are removed again.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { disputeStatementFieldsSchema, type Dispute, type DisputeStatus } from '@campus/shared/schemas';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DisputeDecision, OrderRow, PhotoRef } from '../../db/schema';
import { parseFields } from '../../http/form-fields';
import type { MultipartBody } from '../../http/multipart';
import { conflict, forbidden, invalid, notFound } from '../../lib/domain-errors';
import { recordOrderStatusEvents } from '../../messages';
import { toDecimal } from '../../products';
import { postTransfer, storeSide } from '../payments/ledger';
import { queueEmail } from '../payments/outbox';
import { insertRefund } from '../payments/refund-repository';
import { disputeRowOfOrder, disputesOfOrders } from '../orders/dispute-repository';
import { orderRow, updateOrder } from '../orders/repository';
import { buyerEmail, lockOrder, releaseOrderMoney, storeOwner, type MoveContext } from '../orders/service';
import { buyerMayDispute, isOpen } from '../orders/status-rules';
import { disputeDecidedEmail, disputeOpenedEmail } from './emails';
import {
  disputeListingRows,
  insertDispute,
  insertStatement,
  lockDispute,
  orderIdOfDispute,
  updateDispute,
  type DisputeListing,
} from './repository';

export type { DisputeListing } from './repository';

export type DisputeSide = 'buyer' | 'seller';

/** Which side of the order the user is on; neither is refused. */
async function sideOf(tx: DbOrTx, order: OrderRow, userId: string): Promise<DisputeSide> {
  if (order.buyerId === userId) return 'buyer';
  const owner = await storeOwner(tx, order.sellerId);
  if (owner?.userId === userId) return 'seller';
  throw forbidden(MESSAGES.disputes.notParty);
}

/**
 * The buyer opens a dispute. The order keeps its status (the spec's values);
 * its completion code stops working, so the held money moves only by the
 * campus team's decision. Both sides are e-mailed.
 */
export async function openDispute(
  db: Db,
  buyerId: string,
  orderId: string,
  reason: string,
  ctx: MoveContext,
): Promise<{ orderId: string; disputeId: string }> {
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.buyerId !== buyerId) throw forbidden(MESSAGES.orders.notYours);
    if (await disputeRowOfOrder(tx, order.id)) throw conflict(MESSAGES.disputes.alreadyOpened);
    if (!buyerMayDispute(order.status, { paidAt: order.paidAt, now, waitMs: ctx.config.payments.buyerWaitMs })) {
      throw conflict(
        order.status === 'CONFIRMED' || order.status === 'PROCESSING' ? MESSAGES.disputes.tooEarly : MESSAGES.disputes.notDisputable,
      );
    }
    const disputeId = randomUUID();
    await insertDispute(tx, { id: disputeId, orderId: order.id, buyerId, sellerId: order.sellerId, status: 'open', reason, openedAt: now });
    await updateOrder(tx, order.id, { completionLookup: null, completionSealed: null, updatedAt: now });
    const buyer = await buyerEmail(tx, order.buyerId);
    if (buyer)
      await queueEmail(
        tx,
        `dispute-opened:${disputeId}:buyer`,
        disputeOpenedEmail(ctx.config, buyer, 'buyer', order.orderCode, order.totalKobo, reason),
        now,
      );
    const owner = await storeOwner(tx, order.sellerId);
    if (owner)
      await queueEmail(
        tx,
        `dispute-opened:${disputeId}:seller`,
        disputeOpenedEmail(ctx.config, owner.email, 'seller', order.orderCode, order.totalKobo, reason),
        now,
      );
    return { orderId: order.id, disputeId };
  });
}

/** The order's dispute, for its buyer or its store's owner only. */
export async function readDispute(db: DbOrTx, userId: string, orderId: string): Promise<Dispute> {
  const order = await orderRow(db, orderId);
  if (!order) throw notFound(MESSAGES.orders.notFound);
  await sideOf(db, order, userId);
  const dispute = (await disputesOfOrders(db, [order.id])).get(order.id);
  if (!dispute) throw notFound(MESSAGES.disputes.notFound);
  return dispute;
}

/** Refuses anyone but the two sides, and a dispute that is missing or decided (checked before photos are stored). */
export async function checkMayAddStatement(db: DbOrTx, userId: string, orderId: string): Promise<DisputeSide> {
  const order = await orderRow(db, orderId);
  if (!order) throw notFound(MESSAGES.orders.notFound);
  const side = await sideOf(db, order, userId);
  const dispute = await disputeRowOfOrder(db, order.id);
  if (!dispute) throw notFound(MESSAGES.disputes.notFound);
  if (dispute.status !== 'open') throw conflict(MESSAGES.disputes.closed);
  return side;
}

/** A statement by one side, with its photos already stored; refused once decided. */
export async function addStatement(
  db: Db,
  userId: string,
  orderId: string,
  text: string,
  photos: readonly PhotoRef[],
  now: Date,
): Promise<Dispute> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const author = await sideOf(tx, order, userId);
    const dispute = await disputeRowOfOrder(tx, order.id);
    if (!dispute) throw notFound(MESSAGES.disputes.notFound);
    if (dispute.status !== 'open') throw conflict(MESSAGES.disputes.closed);
    await insertStatement(tx, { id: randomUUID(), disputeId: dispute.id, author, userId, text, photos: [...photos], createdAt: now });
    const view = (await disputesOfOrders(tx, [order.id])).get(order.id);
    if (!view) throw notFound(MESSAGES.disputes.notFound);
    return view;
  });
}

// ---- the campus team's decision ---------------------------------------------

export type DecisionInput =
  | { kind: 'refund'; note: string }
  | { kind: 'release'; note: string }
  /** `refundKobo` goes back to the buyer, more than 0 and less than the order's total; the rest is released. */
  | { kind: 'part'; refundKobo: number; note: string };

export interface DecisionResult {
  disputeId: string;
  orderId: string;
  status: DisputeStatus;
  refundKobo: number;
  /** Released to the store before the platform fee. */
  releasedKobo: number;
  /** What the store is paid out, after the fee. */
  paidOutKobo: number;
}

const STATUS_OF: Record<DisputeDecision, DisputeStatus> = { refund: 'refunded', release: 'released', part: 'part-refunded' };

/** The order's held money, `amountKobo` of it, owed back to the buyer (a refund journal and a refund to request). */
async function refundPart(tx: Tx, order: OrderRow, amountKobo: number, why: string, now: Date): Promise<void> {
  await postTransfer(tx, 'refund', storeSide(order.sellerId, 'held'), { account: 'refunds' }, amountKobo, { orderId: order.id }, now);
  await insertRefund(tx, { paymentId: order.paymentId, orderId: order.id, amountKobo, reason: why }, now);
}

/**
 * Decides a dispute, once: a second decision is refused (the order and the
 * dispute row are locked, then its status looked at). The ledger moves in the
 * same transaction:
 * - refund: the whole total held → refunds, the order CANCELLED; the stock is
 *   NOT put back (the goods were collected or are the seller's to sort out);
 * - release: exactly what completion does (held → available less the platform
 *   fee, payout queued), the order DELIVERED;
 * - part: the refunded part held → refunds, the rest released as completion
 *   releases it (the fee on that rest only), the order DELIVERED.
 * Both sides are e-mailed the outcome. The refund and payout go out after the
 * commit (the API's reconciliation sends due refunds and payouts).
 */
export async function decideDispute(
  db: Db,
  disputeId: string,
  decision: DecisionInput,
  ctx: MoveContext,
  /** Runs in the decision's transaction once it is made (the operations console's audit row: both commit or neither). */
  alongside?: (tx: Tx, result: DecisionResult) => Promise<void>,
): Promise<DecisionResult> {
  const { now } = ctx;
  const note = decision.note.trim();
  if (!note) throw invalid('Give a reason for the decision.');
  return db.transaction(async (tx) => {
    // The order first, as every other change of the order and its dispute locks it (a statement's insert
    // takes a key-share lock on the dispute row: locking the dispute first could deadlock with it).
    const orderId = await orderIdOfDispute(tx, disputeId);
    if (!orderId) throw notFound(MESSAGES.disputes.unknown);
    const order = await lockOrder(tx, orderId);
    const dispute = await lockDispute(tx, disputeId);
    if (!dispute) throw notFound(MESSAGES.disputes.unknown);
    if (dispute.status !== 'open') throw conflict(MESSAGES.disputes.alreadyDecided);
    // Moves are refused while a dispute is open; an order closed anyway is not ours to move.
    if (!isOpen(order.status)) throw conflict(`The order is ${order.status}; the dispute cannot move its money.`);

    let refundKobo = 0;
    let releasedKobo = 0;
    let paidOutKobo = 0;
    const why = `Dispute on order ${order.orderCode} decided by the campus team`;
    if (decision.kind === 'refund') {
      refundKobo = order.totalKobo;
      await refundPart(tx, order, refundKobo, why, now);
      await updateOrder(tx, order.id, {
        status: 'CANCELLED',
        cancelledAt: now,
        cancelledBy: 'system',
        updatedAt: now,
        completionLookup: null,
        completionSealed: null,
      });
      await recordOrderStatusEvents(tx, order, (await storeOwner(tx, order.sellerId))?.userId ?? null, 'CANCELLED', now);
    } else {
      if (decision.kind === 'part') {
        refundKobo = decision.refundKobo;
        if (!Number.isSafeInteger(refundKobo) || refundKobo <= 0 || refundKobo >= order.totalKobo) {
          throw invalid(MESSAGES.disputes.partAmount(toDecimal(order.totalKobo)));
        }
        await refundPart(tx, order, refundKobo, why, now);
      }
      releasedKobo = order.totalKobo - refundKobo;
      paidOutKobo = (await releaseOrderMoney(tx, order, ctx, releasedKobo)).paidOutKobo;
    }

    const status = STATUS_OF[decision.kind];
    await updateDispute(tx, dispute.id, { status, decision: decision.kind, refundKobo, decisionNote: note, decidedAt: now });
    const outcome = { decision: decision.kind, refundKobo, paidOutKobo, note };
    const buyer = await buyerEmail(tx, order.buyerId);
    if (buyer)
      await queueEmail(
        tx,
        `dispute-decided:${dispute.id}:buyer`,
        disputeDecidedEmail(ctx.config, buyer, 'buyer', order.orderCode, outcome),
        now,
      );
    const owner = await storeOwner(tx, order.sellerId);
    if (owner)
      await queueEmail(
        tx,
        `dispute-decided:${dispute.id}:seller`,
        disputeDecidedEmail(ctx.config, owner.email, 'seller', order.orderCode, outcome),
        now,
      );
    const result = { disputeId: dispute.id, orderId: order.id, status, refundKobo, releasedKobo, paidOutKobo };
    if (alongside) await alongside(tx, result);
    return result;
  });
}

/** Disputes for the campus team, open ones first, oldest first within, with how many statements each has. */
export async function listDisputes(db: DbOrTx, onlyOpen: boolean): Promise<DisputeListing[]> {
  const rows = await disputeListingRows(db, onlyOpen);
  const counts = await disputesOfOrders(
    db,
    rows.map((r) => r.dispute.orderId),
  );
  return rows.map((r) => ({ ...r, statements: counts.get(r.dispute.orderId)?.statements.length ?? 0 }));
}

// ---- statements with photos ------------------------------------------------

/** At most as many photos as a product has. */
export const MAX_STATEMENT_PHOTOS = MAX_PRODUCT_PHOTOS;

export async function addStatementWithPhotos(app: FastifyInstance, userId: string, orderId: string, form: MultipartBody): Promise<Dispute> {
  const fields = parseFields(disputeStatementFieldsSchema, form.fields, MESSAGES.disputes.statementRequired);
  await checkMayAddStatement(app.db, userId, orderId);
  const stored = form.files.length > 0 ? await app.catalogue.photos.store('disputes', form.files, MAX_STATEMENT_PHOTOS) : [];
  try {
    return await addStatement(app.db, userId, orderId, fields.text, stored, app.clock.now());
  } catch (error) {
    await app.catalogue.photos.remove(stored);
    throw error;
  }
}
