/**
 * Which order moves are allowed, and who may make them (spec section 4 order
 * states). Pure rules: the service applies them inside the transaction that
 * locks the order row, so two moves never race.
 *
 *   seller: PENDING -> CONFIRMED -> PROCESSING; PENDING | CONFIRMED | PROCESSING -> CANCELLED (refund)
 *   buyer:  PENDING -> CANCELLED (refund). Once the seller has accepted (CONFIRMED | PROCESSING) the
 *           buyer never cancels: 14 days after payment, if still not completed, they may open a
 *           dispute instead (the money stays held until the campus team decides: disputes.ts)
 *   code:   PENDING | CONFIRMED | PROCESSING -> DELIVERED (money released), only through the completion code
 *
 * While a dispute is open no move is allowed at all (the repository checks that).
 */
import type { OrderStatus } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { BUYER_WAIT_MS } from '../payments/config';

export type OrderActor = 'seller' | 'buyer';

export { BUYER_WAIT_MS };

/** Paid, not yet delivered or cancelled: the orders a completion code can complete. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING'];
const OPEN: ReadonlySet<OrderStatus> = new Set<OrderStatus>(OPEN_STATUSES);
/** Moved past PENDING by the seller: the goods may have changed hands. */
const ACCEPTED: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['CONFIRMED', 'PROCESSING']);

export function isOpen(status: OrderStatus): boolean {
  return OPEN.has(status);
}

export type MoveVerdict = { allowed: true; refund: boolean } | { allowed: false; reason: string };

const refused = (reason: string): MoveVerdict => ({ allowed: false, reason });

export function orderMoveMessage(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${from} cannot be moved to ${to}.`;
}

export interface MoveTiming {
  paidAt: Date;
  now: Date;
  /** BUYER_WAIT_MS unless configured (only the journeys' NODE_ENV=test may shorten it). */
  waitMs?: number;
}

function waited(timing: MoveTiming): boolean {
  return timing.now.getTime() - timing.paidAt.getTime() >= (timing.waitMs ?? BUYER_WAIT_MS);
}

/** May `actor` move an order from `from` to `to`? Completion (DELIVERED) is never a status move. */
export function checkStatusMove(actor: OrderActor, from: OrderStatus, to: OrderStatus, timing: MoveTiming): MoveVerdict {
  if (to === 'DELIVERED') return refused("An order is completed only with the buyer's completion code.");
  if (from === to || !isOpen(from)) return refused(orderMoveMessage(from, to));
  if (actor === 'seller') {
    if (from === 'PENDING' && to === 'CONFIRMED') return { allowed: true, refund: false };
    if (from === 'CONFIRMED' && to === 'PROCESSING') return { allowed: true, refund: false };
    if (to === 'CANCELLED') return { allowed: true, refund: true };
    return refused(orderMoveMessage(from, to));
  }
  if (to !== 'CANCELLED') return refused(orderMoveMessage(from, to));
  if (from === 'PENDING') return { allowed: true, refund: true };
  return refused(waited(timing) ? MESSAGES.disputes.openInstead : MESSAGES.disputes.tooEarly);
}

/** Shown to the buyer: can this order still be cancelled by them? */
export function buyerMayCancel(status: OrderStatus, timing: MoveTiming): boolean {
  return checkStatusMove('buyer', status, 'CANCELLED', timing).allowed;
}

/**
 * May the buyer open a dispute on this order (none open yet)? Only an order the
 * seller accepted and that is still not completed once the wait is over.
 */
export function buyerMayDispute(status: OrderStatus, timing: MoveTiming): boolean {
  return ACCEPTED.has(status) && waited(timing);
}
