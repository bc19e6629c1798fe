/**
 * Payments, orders, payouts and ratings on the wire (spec sections 3, 4, 7).
 * Money leaves the API as the spec's naira strings with 2 decimals
 * ("12500.50"), except the checkout amount, which spec section 7 sends as kobo
 * in a string ("1250050").
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { COMPLETION_CODE_LENGTH, ORDER_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import { orderSchema } from './entities';

const isoDate = lazySchema(() => z.string());
const price = lazySchema(() => z.string().regex(/^\d+\.\d{2}$/));
const pickupText = (max: number) => z.string().trim().min(1, { message: MESSAGES.validation.fillAllRequiredFields }).max(max);

/** Where the buyer collects (spec section 3 Order: hostelName, blockNumber, roomNo). */
export const pickupDetailsSchema = lazySchema(() =>
  z.object({
    hostelName: pickupText(120),
    blockNumber: pickupText(40),
    roomNo: pickupText(40),
  }),
);
export type PickupDetails = z.infer<typeof pickupDetailsSchema>;

/** POST /payments/initiate (spec section 7): the total in kobo as a string, the cart id, and the pickup details. */
export const paymentInitiateBodySchema = lazySchema(() =>
  pickupDetailsSchema.extend({
    email: z.string().trim().toLowerCase().email().max(254),
    amount: z.string().regex(/^\d{1,12}$/, { message: 'The amount must be a whole number of kobo' }),
    metadata: z.object({ cartId: z.string().min(1).max(100) }),
  }),
);
export type PaymentInitiateBody = z.infer<typeof paymentInitiateBodySchema>;

/** Paystack's initialize answer, passed on (spec: "reads authorization_url at top level or inside data"). */
export const paymentInitiateResultSchema = lazySchema(() =>
  z.object({
    authorization_url: z.string().url(),
    access_code: z.string(),
    reference: z.string(),
  }),
);
export type PaymentInitiateResult = z.infer<typeof paymentInitiateResultSchema>;

/** refunded: paid, but the items were gone (the reservation had lapsed), so the whole payment went back. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'review', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const completionCodeSchema = lazySchema(() =>
  z.string().regex(new RegExp(`^\\d{${COMPLETION_CODE_LENGTH}}$`), { message: MESSAGES.validation.completionCodeInvalid }),
);

/** An order as its store sees it: the buyer's first name beside their id (never the completion code). */
export const sellerOrderSchema = lazySchema(() =>
  orderSchema.extend({
    /** Added for the Accept Order list; absent where the buyer's account is gone. */
    buyerFirstName: z.string().optional(),
  }),
);
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

/** An order as its buyer sees it: the store, and the completion code while the order is open. */
export const buyerOrderSchema = lazySchema(() =>
  orderSchema.extend({
    seller: z.object({ id: z.string(), catalogueName: z.string() }),
    /** Shown to the buyer only, and only while the order is open. */
    completionCode: completionCodeSchema.nullable(),
    paidAt: isoDate,
    /** The buyer may cancel it now, with a refund (while PENDING). */
    cancellable: z.boolean(),
    /** The buyer may open a dispute on it now (accepted by the seller, not completed 14 days after payment, none yet). */
    disputable: z.boolean(),
    orderItems: z.array(
      orderSchema.shape.orderItems.element.extend({
        /** The buyer's rating of this item, once given (DELIVERED orders only). */
        rating: z.number().int().min(1).max(5).nullable(),
      }),
    ),
  }),
);
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

/** GET /payments/verify/{reference}: the payment's state and, once paid, its orders (one per store). */
export const paymentVerifyResultSchema = lazySchema(() =>
  z.object({
    reference: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: price,
    orders: z.array(buyerOrderSchema),
  }),
);
export type PaymentVerifyResult = z.infer<typeof paymentVerifyResultSchema>;

export const orderStatusUpdateBodySchema = lazySchema(() => z.object({ orderStatus: z.enum(ORDER_STATUSES) }));
export type OrderStatusUpdateBody = z.infer<typeof orderStatusUpdateBodySchema>;

const disputeText = (required: string) =>
  z.string().trim().min(1, { message: required }).max(2000, { message: 'At most 2000 characters.' });

/** POST /orders/{orderId}/dispute: the buyer's reason. */
export const disputeOpenBodySchema = lazySchema(() => z.object({ reason: disputeText(MESSAGES.disputes.reasonRequired) }));
export type DisputeOpenBody = z.infer<typeof disputeOpenBodySchema>;

/** POST /orders/{orderId}/dispute/statements: the text field of the form (photos[] beside it, seller only). */
export const disputeStatementFieldsSchema = lazySchema(() => z.object({ text: disputeText(MESSAGES.disputes.statementRequired) }));
export type DisputeStatementFields = z.infer<typeof disputeStatementFieldsSchema>;

/** The order being accepted and its buyer's code: the code is checked against that order only. */
export const orderCompleteBodySchema = lazySchema(() =>
  z.object({
    orderId: z.string({ message: MESSAGES.completion.orderRequired }).min(1, { message: MESSAGES.completion.orderRequired }).max(100),
    code: completionCodeSchema,
  }),
);
export type OrderCompleteBody = z.infer<typeof orderCompleteBodySchema>;

export const PAYOUT_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Where a completed order's money went (POST /orders/complete): the amount released from held, the card
 * fee's share and the commission taken from it, and what reached the store's Available balance.
 * released = cardFee + commission + toAvailable, to the kobo.
 */
export const orderReleaseSchema = lazySchema(() =>
  z.object({
    released: price,
    /** This order's share of Paystack's fee on the buyer's card payment (one payment can pay several stores). */
    cardFee: price,
    /** The platform's commission. */
    commission: price,
    toAvailable: price,
  }),
);
export type OrderRelease = z.infer<typeof orderReleaseSchema>;

export const payoutSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The order of a payout made per order; null for a store's batched payout (its orders' money together). */
    orderId: z.string().nullable(),
    /** What is sent to the bank. */
    amount: price,
    /** Paystack's transfer fee, withheld from the store's available money with the amount. */
    fee: price,
    status: z.enum(PAYOUT_STATUSES),
    /** The transfer reference, new for every payout. */
    reference: z.string(),
    failureReason: z.string().nullable(),
    createdAt: isoDate,
    settledAt: isoDate.nullable(),
  }),
);
export type Payout = z.infer<typeof payoutSchema>;

/** GET /sellers/{id}/payouts: balances from the ledger and the payouts, newest first. */
export const sellerPayoutsSchema = lazySchema(() =>
  z.object({
    /** Paid by buyers, waiting for the completion code. */
    held: price,
    /** Released to the seller, not yet paid out. */
    available: price,
    paidOut: price,
    /** When available money leaves: one payout per store at most every `everyHours` (0: as soon as possible), from `minimum`. */
    schedule: z.object({ everyHours: z.number().int().min(0), minimum: price }),
    payouts: z.array(payoutSchema),
  }),
);
export type SellerPayouts = z.infer<typeof sellerPayoutsSchema>;

/**
 * GET /sellers/{id}/sales: what the store sold, over every order (not one page):
 * cancelled (refunded) orders count for nothing.
 */
export const sellerSalesSchema = lazySchema(() =>
  z.object({
    /** Sum of the totals of the store's orders that were not cancelled. */
    revenue: price,
    /** Orders that were not cancelled. */
    orderCount: z.number().int(),
    /** Unique buyers of those orders. */
    customerCount: z.number().int(),
    /** Units sold per product of the store that sold any (a product that sold none is absent). */
    products: z.array(z.object({ productId: z.string(), unitsSold: z.number().int() })),
  }),
);
export type SellerSales = z.infer<typeof sellerSalesSchema>;

/**
 * Views of the store's product pages over the last `days` days (each student counted once per product per
 * day) and the orders of each product over the same days (cancelled ones left out). `conversion` is orders
 * per view, 0..1 and more only if orders came without views (null with no views).
 */
export const storeProductViewsSchema = lazySchema(() =>
  z.object({
    days: z.number().int(),
    totalViews: z.number().int(),
    products: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        views: z.number().int(),
        orders: z.number().int(),
        conversion: z.number().nullable(),
      }),
    ),
  }),
);
export type StoreProductViews = z.infer<typeof storeProductViewsSchema>;

export const ratingCreateBodySchema = lazySchema(() =>
  z.object({
    rating: z.number().int().min(1).max(5),
    review: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(1000).optional()),
    /** Which purchase is rated (default: the buyer's oldest delivered, unrated item of that product). */
    orderItemId: z.string().min(1).max(100).optional(),
  }),
);
export type RatingCreateBody = z.infer<typeof ratingCreateBodySchema>;
