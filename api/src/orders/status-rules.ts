/**
 * Which order moves are allowed, and who may make them (spec section 4 order
 * states; issue 11). Pure rules: the service applies them inside the
 * transaction that locks the order row, so two moves never race.
 *
 *   seller: PENDING -> CONFIRMED -> PROCESSING; PENDING | CONFIRMED | PROCESSING -> CANCELLED (refund)
 *   buyer:  PENDING -> CANCELLED (refund); any open order 14 days after payment -> CANCELLED (refund)
 *   code:   PENDING | CONFIRMED | PROCESSING -> DELIVERED (money released), only through the completion code
 */
import type { OrderStatus } from '@campus/shared/constants';

export type OrderActor = 'seller' | 'buyer';

/** An order the buyer may still cancel because the goods never came (issue 11). */
export const BUYER_CANCEL_AFTER_MS = 14 * 24 * 60 * 60 * 1000;

/** Paid, not yet delivered or cancelled: the orders a completion code can complete. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING'];
const OPEN: ReadonlySet<OrderStatus> = new Set<OrderStatus>(OPEN_STATUSES);

export function isOpen(status: OrderStatus): boolean {
  return OPEN.has(status);
}

export type MoveVerdict = { allowed: true; refund: boolean } | { allowed: false; reason: string };

const refused = (reason: string): MoveVerdict => ({ allowed: false, reason });

export function orderMoveMessage(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${from} cannot be moved to ${to}.`;
}

/** May `actor` move an order from `from` to `to`? Completion (DELIVERED) is never a status move. */
export function checkStatusMove(
  actor: OrderActor,
  from: OrderStatus,
  to: OrderStatus,
  context: { paidAt: Date; now: Date },
): MoveVerdict {
  if (to === 'DELIVERED') return refused('An order is completed only with the buyer\'s completion code.');
  if (from === to || !isOpen(from)) return refused(orderMoveMessage(from, to));
  if (actor === 'seller') {
    if (from === 'PENDING' && to === 'CONFIRMED') return { allowed: true, refund: false };
    if (from === 'CONFIRMED' && to === 'PROCESSING') return { allowed: true, refund: false };
    if (to === 'CANCELLED') return { allowed: true, refund: true };
    return refused(orderMoveMessage(from, to));
  }
  if (to !== 'CANCELLED') return refused(orderMoveMessage(from, to));
  if (from === 'PENDING') return { allowed: true, refund: true };
  if (context.now.getTime() - context.paidAt.getTime() >= BUYER_CANCEL_AFTER_MS) return { allowed: true, refund: true };
  return refused('The seller has accepted this order. You can cancel it if it is not completed 14 days after payment.');
}

/** Shown to the buyer: can this order still be cancelled by them? */
export function buyerMayCancel(status: OrderStatus, paidAt: Date, now: Date): boolean {
  return checkStatusMove('buyer', status, 'CANCELLED', { paidAt, now }).allowed;
}
