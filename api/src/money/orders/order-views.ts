/**
 * Orders as their readers see them: the buyer's list and one order of it (with
 * the completion code while open, and whether it may still be cancelled or
 * disputed), the store's list (never the completion code), and the plain order.
 * Reading only: no lock, no transaction of its own.
 */
import { MESSAGES } from '@campus/shared/messages';
import type { BuyerOrder, Dispute, Order, SellerOrder } from '@campus/shared/schemas';
import type { DbOrTx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import { toDecimal } from '../../products';
import { decryptCompletionCode } from '../payments/codes';
import { disputesOfOrders } from './dispute-repository';
import {
  buyerOrderRows,
  itemsOf,
  orderRow,
  orderWithStore,
  sellerOrderRows,
  type ItemWithRating,
  type OrderWithStore,
  type Page,
} from './repository';
import { BUYER_WAIT_MS, OPEN_STATUSES, buyerMayCancel, buyerMayDispute, isOpen } from './status-rules';

function toOrder(row: OrderRow, items: readonly ItemWithRating[], dispute?: Dispute): Order {
  return {
    ...(dispute ? { dispute } : {}),
    id: row.id,
    orderCode: row.orderCode,
    settlementCode: row.settlementCode,
    userId: row.buyerId,
    hostelName: row.hostelName,
    blockNumber: row.blockNumber,
    roomNo: row.roomNo,
    orderStatus: row.status,
    totalPrice: toDecimal(row.totalKobo),
    createdAt: row.createdAt.toISOString(),
    orderItems: items.map(({ item }) => ({
      id: item.id,
      quantity: item.quantity,
      price: toDecimal(item.unitPriceKobo),
      product: {
        id: item.productId ?? '',
        name: item.productName,
        slug: item.productSlug,
        imageUrls: item.imageUrl ? [item.imageUrl] : [],
      },
    })),
  };
}

export interface Paged<T> {
  items: T[];
  totalItems: number;
}

async function buyerView(db: DbOrTx, rows: OrderWithStore[], secret: string, now: Date, waitMs: number): Promise<BuyerOrder[]> {
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const disputes = await disputesOfOrders(db, ids);
  return rows.map(({ order, catalogueName }) => {
    const list = items.get(order.id) ?? [];
    const dispute = disputes.get(order.id);
    const timing = { paidAt: order.paidAt, now, waitMs };
    const base = toOrder(order, list, dispute);
    return {
      ...base,
      orderItems: base.orderItems.map((item, i) => ({ ...item, rating: list[i]?.rating ?? null })),
      seller: { id: order.sellerId, catalogueName },
      // Readable by the buyer only while the order is open; the sealed copy is cleared when it closes.
      completionCode:
        isOpen(order.status) && order.completionSealed ? decryptCompletionCode(secret, order.id, order.completionSealed) : null,
      paidAt: order.paidAt.toISOString(),
      cancellable: !dispute && buyerMayCancel(order.status, timing),
      disputable: !dispute && buyerMayDispute(order.status, timing),
    };
  });
}

/** The buyer's orders, newest first (or those of one payment). */
export async function listBuyerOrders(
  db: DbOrTx,
  buyerId: string,
  page: Page | null,
  secret: string,
  now: Date,
  paymentId?: string,
  waitMs: number = BUYER_WAIT_MS,
): Promise<Paged<BuyerOrder>> {
  const { rows, total } = await buyerOrderRows(db, buyerId, page, paymentId);
  return { items: await buyerView(db, rows, secret, now, waitMs), totalItems: total };
}

/** The store's orders, newest first: the buyer's id, first name and pickup details, never the completion code. */
/** `search` finds a part of the order's id or code, the buyer's id or first name, or the hostel's name (case ignored); `openOnly` keeps open orders. */
export async function listSellerOrders(
  db: DbOrTx,
  sellerId: string,
  page: Page,
  search?: string,
  openOnly = false,
): Promise<Paged<SellerOrder>> {
  const { rows, total } = await sellerOrderRows(db, sellerId, page, search, openOnly ? OPEN_STATUSES : undefined);
  const ids = rows.map((r) => r.order.id);
  const items = await itemsOf(db, ids);
  const disputes = await disputesOfOrders(db, ids);
  return {
    items: rows.map(({ order, buyerFirstName }) => ({
      ...toOrder(order, items.get(order.id) ?? [], disputes.get(order.id)),
      ...(buyerFirstName !== null ? { buyerFirstName } : {}),
    })),
    totalItems: total,
  };
}

export async function orderView(db: DbOrTx, orderId: string): Promise<Order> {
  const row = await orderRow(db, orderId);
  if (!row) throw notFound(MESSAGES.orders.notFound);
  return toOrder(row, (await itemsOf(db, [row.id])).get(row.id) ?? [], (await disputesOfOrders(db, [row.id])).get(row.id));
}

export async function buyerOrderView(
  db: DbOrTx,
  orderId: string,
  secret: string,
  now: Date,
  waitMs: number = BUYER_WAIT_MS,
): Promise<BuyerOrder> {
  const rows = await orderWithStore(db, orderId);
  const [view] = await buyerView(db, rows, secret, now, waitMs);
  if (!view) throw notFound(MESSAGES.orders.notFound);
  return view;
}
