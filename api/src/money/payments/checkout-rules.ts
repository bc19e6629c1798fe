/**
 * What a checkout may be, decided from plain data (spec section 4
 * "Checkout"): the server recomputes the total from the cart in kobo, refuses
 * a total the browser got wrong, an empty cart, buying from oneself, and a
 * quantity above what is in stock minus what other checkouts hold; then the
 * reserved lines are split into one order per store. The services run these
 * inside the transaction that locks the products.
 */
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';

/** One card payment at most ₦10,000,000 (Paystack's per-transaction ceiling is of that order). */
export const MAX_CHECKOUT_KOBO = 1_000_000_000;
/** Paystack's smallest NGN charge (₦50): a smaller cart is refused here, not with Paystack's "Invalid Amount Sent". */
export const MIN_CHECKOUT_KOBO = 5_000;
/**
 * An unpaid checkout holds its items this long. Paystack's checkout session
 * itself never expires unless the integration sets a payment session timeout
 * (docs/api.md "Abuse limits"), so the hold is ours: long enough for a card
 * payment with its OTP or 3-D Secure step, short enough that an abandoned
 * checkout gives the stock back soon. A payment made after it is fulfilled
 * if the stock is still there, else refunded whole.
 */
export const RESERVATION_MS = 15 * 60 * 1000;
/** Units one buyer may hold in unpaid checkouts at once, all their live checkouts together. */
export const MAX_RESERVED_UNITS_PER_BUYER = 50;

export interface CheckoutLine {
  productId: string;
  productName: string;
  productSlug: string;
  imageUrl: string | null;
  sellerId: string;
  sellerUserId: string;
  quantity: number;
  unitPriceKobo: number;
  stockQuantity: number;
}

export type CheckoutRefusal = { status: 400; message: string } | { status: 403; message: string } | { status: 409; message: string };

export interface CheckoutPlan {
  totalKobo: number;
  lines: CheckoutLine[];
}

/**
 * @param reservedByOthers productId -> units held by other live (pending, not lapsed) checkouts
 * @param claimedKobo the amount the browser sent (spec: total x 100, as a string)
 * @param heldByBuyer units this buyer's other live checkouts hold (MAX_RESERVED_UNITS_PER_BUYER counts them with this one)
 */
export function planCheckout(
  buyerId: string,
  lines: readonly CheckoutLine[],
  reservedByOthers: ReadonlyMap<string, number>,
  claimedKobo: string,
  heldByBuyer = 0,
): CheckoutPlan | CheckoutRefusal {
  if (lines.length === 0) return { status: 400, message: MESSAGES.payment.emptyCart };
  let totalKobo = 0;
  let units = 0;
  for (const line of lines) {
    if (line.sellerUserId === buyerId) return { status: 403, message: MESSAGES.cart.ownProduct };
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) return { status: 409, message: MESSAGES.payment.cartChanged };
    if (line.stockQuantity <= 0) return { status: 409, message: MESSAGES.cart.outOfStock(line.productName) };
    if (line.quantity > line.stockQuantity) return { status: 409, message: MESSAGES.cart.aboveStock(line.productName, line.stockQuantity) };
    const available = Math.max(0, line.stockQuantity - (reservedByOthers.get(line.productId) ?? 0));
    if (line.quantity > available) return { status: 409, message: MESSAGES.payment.reserved(line.productName, available) };
    totalKobo += line.unitPriceKobo * line.quantity;
    units += line.quantity;
  }
  // One buyer cannot take a store's stock off the shelf: what they hold unpaid is capped.
  if (heldByBuyer + units > MAX_RESERVED_UNITS_PER_BUYER)
    return { status: 409, message: MESSAGES.payment.reservedCap(MAX_RESERVED_UNITS_PER_BUYER) };
  if (!Number.isSafeInteger(totalKobo) || totalKobo > MAX_CHECKOUT_KOBO) return { status: 400, message: MESSAGES.payment.tooLarge };
  if (totalKobo < MIN_CHECKOUT_KOBO)
    return { status: 400, message: MESSAGES.payment.belowMinimum(formatNaira(koboToDecimalString(MIN_CHECKOUT_KOBO))) };
  // The browser's figure is only a check that the student saw the cart we are charging for.
  if (!/^\d{1,16}$/.test(claimedKobo) || Number(claimedKobo) !== totalKobo) return { status: 409, message: MESSAGES.payment.cartChanged };
  return { totalKobo, lines: [...lines] };
}

export function isRefusal(result: CheckoutPlan | CheckoutRefusal): result is CheckoutRefusal {
  return 'status' in result;
}

export interface PlannedOrder {
  sellerId: string;
  totalKobo: number;
  lines: CheckoutLine[];
}

/** One order per store, in the order stores first appear; totals in kobo. */
export function splitIntoOrders(lines: readonly CheckoutLine[]): PlannedOrder[] {
  const bySeller = new Map<string, PlannedOrder>();
  for (const line of lines) {
    const order = bySeller.get(line.sellerId) ?? { sellerId: line.sellerId, totalKobo: 0, lines: [] };
    order.lines.push(line);
    order.totalKobo += line.unitPriceKobo * line.quantity;
    bySeller.set(line.sellerId, order);
  }
  return [...bySeller.values()];
}

/**
 * A confirmed payment must be the one we asked for: same reference, amount
 * and currency (else nothing is created and the payment goes to review).
 */
export function paymentMismatch(
  expected: { reference: string; amountKobo: number; currency: string },
  reported: { reference: string; amount: number; currency: string },
): string | null {
  if (reported.reference !== expected.reference) return `reference ${reported.reference} is not ${expected.reference}`;
  if (reported.currency.toUpperCase() !== expected.currency) return `currency ${reported.currency} is not ${expected.currency}`;
  if (reported.amount !== expected.amountKobo) return `amount ${reported.amount} kobo is not ${expected.amountKobo} kobo`;
  return null;
}

/** A paid checkout whose reservation lapsed can still be fulfilled if the stock is there now. */
export function canFulfilLate(lines: ReadonlyArray<{ quantity: number; stockQuantity: number }>): boolean {
  return lines.every((line) => line.quantity <= line.stockQuantity);
}
