/**
 * Status moves: the store owner confirms, processes or cancels an order, the
 * buyer cancels one still PENDING (status-rules.ts says which move is allowed).
 * A cancel refunds the order (less Paystack's fee when the buyer cancels), puts
 * the stock back and e-mails both sides; any other move e-mails the buyer. All
 * in the transaction that locked the order, one step after another.
 */
import type { OrderStatus } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/domain-errors';
import { recordOrderStatusEvents } from '../../messages';
import { restockProduct } from '../../products';
import { buyerEmail, storeOwner } from '../payments/contact-repository';
import { orderCancelledEmail, orderStatusEmail, refundEmail } from '../payments/emails';
import { buyerCancelRefundKobo } from '../payments/fee-rules';
import { postJournal, storeAccount } from '../payments/ledger';
import { queueEmail } from '../payments/outbox';
import { insertRefund } from '../payments/refund-repository';
import { disputesOfOrders } from './dispute-repository';
import { lockOrderRow, orderItemsByProduct, updateOrder } from './repository';
import { checkStatusMove, type MoveVerdict, type OrderActor } from './status-rules';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const row = await lockOrderRow(tx, orderId);
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return row;
}

export interface MoveContext {
  config: AppConfig;
  now: Date;
}

type StoreOwner = Awaited<ReturnType<typeof storeOwner>>;

/** A move that passed every check: the locked order, its store's owner and what the move does. */
interface AllowedMove {
  order: OrderRow;
  owner: StoreOwner;
  verdict: Extract<MoveVerdict, { allowed: true }>;
}

/** The money a cancel gives back: `refundKobo` to the buyer, `keptFeeKobo` Paystack's fee they bear. */
interface CancelRefund {
  refundKobo: number;
  keptFeeKobo: number;
}

/**
 * A status move by the store owner (`seller`) or the buyer (only CANCELLED).
 * Cancelling refunds the order's total and puts the stock back. Answers the
 * order after the move and the product ids whose stock changed.
 */
export async function moveOrder(
  db: Db,
  actor: OrderActor,
  userId: string,
  orderId: string,
  to: OrderStatus,
  ctx: MoveContext,
): Promise<{ orderId: string; restockedProductIds: string[] }> {
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const { order, owner, verdict } = await lockAllowedMove(tx, actor, userId, orderId, to, ctx);
    await saveStatus(tx, order, actor, to, now);
    const to_ = await buyerEmail(tx, order.buyerId);
    await recordOrderStatusEvents(tx, order, owner?.userId ?? null, to, now);
    if (!verdict.refund) {
      if (to_) await emailStatusMove(tx, ctx, order, owner, to, to_);
      return { orderId: order.id, restockedProductIds: [] };
    }
    const refund = await refundCancelledOrder(tx, order, actor, now);
    const restocked = await restockOrder(tx, order.id, now);
    await emailCancellation(tx, ctx, order, actor, owner, to_, refund);
    return { orderId: order.id, restockedProductIds: restocked };
  });
}

/** Locks the order and checks the move: the caller's store or order, no open dispute, a move the rules allow. */
async function lockAllowedMove(
  tx: Tx,
  actor: OrderActor,
  userId: string,
  orderId: string,
  to: OrderStatus,
  ctx: MoveContext,
): Promise<AllowedMove> {
  const order = await lockOrder(tx, orderId);
  const owner = await storeOwner(tx, order.sellerId);
  if (actor === 'seller' && owner?.userId !== userId) throw forbidden(MESSAGES.orders.notYourStore);
  if (actor === 'buyer' && order.buyerId !== userId) throw forbidden(MESSAGES.orders.notYours);
  // An order in dispute waits for the campus team's decision (disputes/service.ts decideDispute).
  if ((await disputesOfOrders(tx, [order.id])).get(order.id)?.status === 'open') throw conflict(MESSAGES.disputes.orderInDispute);
  const verdict = checkStatusMove(actor, order.status, to, { paidAt: order.paidAt, now: ctx.now, waitMs: ctx.config.payments.buyerWaitMs });
  if (!verdict.allowed) throw conflict(verdict.reason);
  return { order, owner, verdict };
}

/** The new status; a cancel also records who cancelled and retires the completion code. */
async function saveStatus(tx: Tx, order: OrderRow, actor: OrderActor, to: OrderStatus, now: Date): Promise<void> {
  const closing = to === 'CANCELLED';
  await updateOrder(tx, order.id, {
    status: to,
    updatedAt: now,
    ...(closing ? { cancelledAt: now, cancelledBy: actor, completionLookup: null, completionSealed: null } : {}),
  });
}

/** The buyer hears of a move that refunds nothing (CONFIRMED, PROCESSING). */
async function emailStatusMove(tx: Tx, ctx: MoveContext, order: OrderRow, owner: StoreOwner, to: OrderStatus, buyer: string) {
  await queueEmail(
    tx,
    `status:${order.id}:${to}`,
    orderStatusEmail(ctx.config, buyer, order.orderCode, owner?.catalogueName ?? 'The store', to),
    ctx.now,
  );
}

/** The cancelled order's refund: its ledger journal and the refund row that pays it back. */
async function refundCancelledOrder(tx: Tx, order: OrderRow, actor: OrderActor, now: Date): Promise<CancelRefund> {
  // Cancelled: the held money is owed back to the buyer, the units go back on sale. Paystack keeps its fee:
  // a buyer who cancels bears their order's share of it, a seller's cancellation the platform (fee-rules.ts).
  const refundKobo = actor === 'buyer' ? buyerCancelRefundKobo(order.totalKobo, order.chargeFeeKobo) : order.totalKobo;
  const keptFee = order.totalKobo - refundKobo;
  await postJournal(
    tx,
    'refund',
    [
      { account: storeAccount(order.sellerId, 'held'), amountKobo: order.totalKobo, sellerId: order.sellerId },
      { account: 'refunds', amountKobo: -refundKobo },
      ...(keptFee > 0 ? [{ account: 'platform:fees' as const, amountKobo: -keptFee }] : []),
    ],
    { orderId: order.id },
    now,
  );
  await insertRefund(
    tx,
    {
      paymentId: order.paymentId,
      orderId: order.id,
      amountKobo: refundKobo,
      reason: `Order ${order.orderCode} cancelled by the ${actor}`,
    },
    now,
  );
  return { refundKobo, keptFeeKobo: keptFee };
}

/** Puts the cancelled order's units back on sale; answers the products restocked. */
async function restockOrder(tx: Tx, orderId: string, now: Date): Promise<string[]> {
  // In product-id order, as checkout and fulfilment lock products: no deadlock between them.
  const items = await orderItemsByProduct(tx, orderId);
  const restocked: string[] = [];
  for (const item of items) {
    if (!item.productId) continue;
    await restockProduct(tx, item.productId, item.quantity, now);
    restocked.push(item.productId);
  }
  return restocked;
}

/** The buyer hears of the refund; the store owner hears of a buyer's cancel. */
async function emailCancellation(
  tx: Tx,
  ctx: MoveContext,
  order: OrderRow,
  actor: OrderActor,
  owner: StoreOwner,
  buyer: string | null,
  { refundKobo, keptFeeKobo: keptFee }: CancelRefund,
): Promise<void> {
  const { now } = ctx;
  if (buyer) {
    await queueEmail(
      tx,
      `refund:${order.id}`,
      refundEmail(
        ctx.config,
        buyer,
        refundKobo,
        `Order ${order.orderCode} from ${owner?.catalogueName ?? 'the store'} was cancelled${actor === 'seller' ? ' by the seller' : ''}.${keptFee > 0 ? ` Paystack keeps its fee of ${naira(keptFee)} on a cancelled payment.` : ''}`,
      ),
      now,
    );
  }
  if (actor === 'buyer' && owner) {
    await queueEmail(
      tx,
      `cancelled:${order.id}`,
      orderCancelledEmail(ctx.config, owner.email, order.orderCode, 'buyer', order.totalKobo),
      now,
    );
  }
}
