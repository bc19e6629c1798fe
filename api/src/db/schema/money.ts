/**
 * The money domain's tables (api/src/money writes them): payments, orders and the money they
 * move, ratings of bought items, and disputes. Money is integer kobo in `bigint` columns read
 * as JavaScript numbers (a cart may pass int4's ₦21m; every amount stays far below 2^53).
 *
 * The flow these tables record:
 *   payments (+ payment_items: the reservation) --paid--> orders (+ order_items), one per store
 *   ledger_entries: every movement of money, double-entry, append-only
 *   payouts: the transfer of a completed order's money to its store's bank account
 *   disputes (+ dispute_statements): a buyer's case against an order, decided by an operator
 */
import type { OrderStatus } from '@campus/shared/constants';
import type { DisputeStatus, PaymentStatus, PayoutStatus } from '@campus/shared/schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { kobo, ts, type PhotoRef } from './columns';
import { products } from './products';
import { sellers } from './sellers';

/** One checkout: the buyer's cart at the prices of that moment, paid (or not) through Paystack. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Our reference, sent to Paystack and back in every webhook and redirect. */
    reference: text('reference').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    cartId: text('cart_id').notNull(),
    email: text('email').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status').$type<PaymentStatus>().notNull(),
    hostelName: text('hostel_name').notNull(),
    blockNumber: text('block_number').notNull(),
    roomNo: text('room_no').notNull(),
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    /** Why a payment needs a person (amount or currency mismatch, stock gone and refund failed). */
    reviewReason: text('review_reason'),
    /** The reservation of the items lapses then if unpaid. */
    reservedUntil: ts('reserved_until').notNull(),
    paidAt: ts('paid_at'),
    /** Set in the same transaction that creates the orders: the exactly-once marker. */
    fulfilledAt: ts('fulfilled_at'),
    /** Paid after the reservation lapsed and the stock was gone: refunded whole. */
    refundedAt: ts('refunded_at'),
    /** Reconciliation asked Paystack last at (pending payments are re-verified on start and periodically). */
    checkedAt: ts('checked_at'),
    /** Paystack's numeric id of the transaction, once paid: its refunds name the transaction by it. */
    paystackTransactionId: bigint('paystack_transaction_id', { mode: 'number' }),
    /**
     * The checkouts of one cart that replaced each other (a second tab, a retry) share a group: the first
     * of them paid is fulfilled, any other paid later is refunded, so one cart is never charged twice.
     * Null: the payment is its own group.
     */
    checkoutGroup: text('checkout_group'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_user_id_idx').on(t.userId),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_checkout_group_idx').on(t.checkoutGroup),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** The lines of a checkout; while their payment is pending and not lapsed they hold stock (the reservation). */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Null once the seller deleted the product: a payment for it then is refunded, never fulfilled. */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: kobo('unit_price_kobo').notNull(),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    imageUrl: text('image_url'),
  },
  (t) => [
    index('payment_items_payment_id_idx').on(t.paymentId),
    index('payment_items_product_id_idx').on(t.productId),
    check('payment_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** One store's part of a paid checkout (spec section 3 Order). */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderCode: text('order_code').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    status: text('status').$type<OrderStatus>().notNull(),
    hostelName: text('hostel_name').notNull(),
    blockNumber: text('block_number').notNull(),
    roomNo: text('room_no').notNull(),
    totalKobo: kobo('total_kobo').notNull(),
    /** This order's share of Paystack's fee on its payment (shared by the payment's orders by their totals). */
    chargeFeeKobo: kobo('charge_fee_kobo').notNull().default(0),
    /** HMAC of (store, completion code): finds the order a seller's code belongs to; cleared once closed. */
    completionLookup: text('completion_lookup'),
    /** The buyer's copy of the code, AES-256-GCM sealed; cleared once closed. */
    completionSealed: text('completion_sealed'),
    /** Wrong codes entered for this order since its code was issued (the fifth replaces the code). */
    completionFailures: integer('completion_failures').notNull().default(0),
    /** Codes replaced after too many wrong ones (each replacement e-mails the buyer once). */
    completionReissues: integer('completion_reissues').notNull().default(0),
    /** The payout's transfer reference, once the money is released. */
    settlementCode: text('settlement_code'),
    paidAt: ts('paid_at').notNull(),
    deliveredAt: ts('delivered_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: text('cancelled_by').$type<'buyer' | 'seller' | 'system'>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_code_key').on(t.orderCode),
    uniqueIndex('orders_payment_seller_key').on(t.paymentId, t.sellerId),
    // A code entered by a seller matches at most one of that store's open orders.
    uniqueIndex('orders_open_completion_key')
      .on(t.sellerId, t.completionLookup)
      .where(sql`${t.completionLookup} IS NOT NULL`),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    check('orders_total_positive', sql`${t.totalKobo} > 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Kept when the product is deleted later: the order still says what was bought. */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: kobo('unit_price_kobo').notNull(),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    imageUrl: text('image_url'),
  },
  (t) => [index('order_items_order_id_idx').on(t.orderId), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * The ledger: every movement of money as a journal of entries summing to
 * zero (double-entry). Append-only: a trigger refuses UPDATE and DELETE.
 * Accounts: `paystack` (money at the provider), `store:<id>:held` (paid,
 * waiting for the completion code), `store:<id>:available` (released),
 * `store:<id>:payout` (being transferred), `refunds` (owed back to buyers),
 * `platform:fees`, `unallocated` (paid with nothing to allocate to).
 * Balances are sums of these rows, never stored figures.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    journalId: text('journal_id').notNull(),
    /** What happened: payment, release, fee, payout, payout-settled, payout-returned, refund, refund-settled. */
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    sellerId: text('seller_id'),
    amountKobo: kobo('amount_kobo').notNull(),
    paymentId: text('payment_id'),
    orderId: text('order_id'),
    payoutId: text('payout_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_seller_idx').on(t.sellerId),
    // One journal of a kind per order/payment/payout: replays cannot post twice.
    unique('ledger_entries_once_key').on(t.kind, t.account, t.paymentId, t.orderId, t.payoutId).nullsNotDistinct(),
    check('ledger_entries_nonzero', sql`${t.amountKobo} <> 0`),
  ],
);

/** Paystack transfer recipients, one per store bank account (recreated when the bank details change). */
export const payoutRecipients = pgTable(
  'payout_recipients',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('payout_recipients_account_key').on(t.sellerId, t.bankCode, t.accountNumber)],
);

/** The transfer of one completed order's money to its store. */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** The order of a payout made before payouts were batched per store; null for a store's batched payout. */
    orderId: text('order_id').references(() => orders.id),
    /** What Paystack sends to the bank. */
    amountKobo: kobo('amount_kobo').notNull(),
    /** Paystack's transfer fee, withheld from the store's available money with the amount (0 on payouts made per order, whose fee was taken at release). */
    feeKobo: kobo('fee_kobo').notNull().default(0),
    status: text('status').$type<PayoutStatus>().notNull(),
    /** Our transfer reference, new for every payout (`po_…`); re-sending the same reference never pays twice. */
    reference: text('reference').notNull(),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    failureReason: text('failure_reason'),
    /** Why a person must act on it (Transfer OTP on, retries spent, balance short); null while the product handles it alone. */
    attention: text('attention'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    // One batched payout on its way per store: the store's available money goes in it; a failed one stays as
    // history and the money waits in available for the next. (Payouts made per order before batching, which
    // name their order, may still be pending beside each other after an upgrade; queueStorePayouts waits for them.)
    uniqueIndex('payouts_live_store_key')
      .on(t.sellerId)
      .where(sql`${t.status} = 'pending' AND ${t.orderId} IS NULL`),
    uniqueIndex('payouts_reference_key').on(t.reference),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('payouts_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * A refund's state here: `pending` (to be asked of Paystack), `requested` (Paystack has it: pending or
 * processing), `needs-account` (Paystack needs the buyer's bank account: a bank-transfer or USSD payment),
 * `processed` (final). One that cannot go on alone keeps its state and gets `attention`.
 */
export type RefundState = 'pending' | 'requested' | 'needs-account' | 'processed';

/**
 * Money owed back to a buyer: a cancelled order's total, or a whole payment
 * that could not be fulfilled. Requested from Paystack after the transaction
 * that decided it commits (retried until Paystack takes it); settled by the
 * refund.processed webhook.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The cancelled order; null for a whole payment refunded. */
    orderId: text('order_id').references(() => orders.id),
    amountKobo: kobo('amount_kobo').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundState>().notNull(),
    /** Paystack's refund id, noted when Paystack takes the request: the refund is followed by it, never by its amount. */
    paystackRefundId: bigint('paystack_refund_id', { mode: 'number' }),
    /** A request to Paystack was about to go out (noted first): until Paystack's id is noted, it may be there. */
    sendingAt: ts('sending_at'),
    /** Paystack's last word on it (pending, processing, processed, failed, needs-attention). */
    paystackStatus: text('paystack_status'),
    /** Why a person must act on it (retries spent, Paystack refused); null while the product handles it alone. */
    attention: text('attention'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: ts('created_at').notNull(),
    requestedAt: ts('requested_at'),
    processedAt: ts('processed_at'),
  },
  (t) => [
    unique('refunds_once_key').on(t.paymentId, t.orderId).nullsNotDistinct(),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('refunds_paystack_id_key').on(t.paystackRefundId),
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * Wrong completion codes per store and UTC day (orders/completion-lock.ts): at the daily cap
 * Accept Order is locked until the next midnight UTC. Every attempt of a store queues on this row.
 */
export const completionLocks = pgTable('completion_locks', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  /** Wrong codes on the day that starts at window_started_at. */
  failures: integer('failures').notNull().default(0),
  /** 00:00 UTC of the day counted. */
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
  /** Days the cap was reached so far. */
  locks: integer('locks').notNull().default(0),
});

/** Every Paystack webhook received (verified), for idempotency and audit. */
export const paystackEvents = pgTable(
  'paystack_events',
  {
    /** SHA-256 of the raw body: a redelivered event is the same row. */
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull(),
    processedAt: ts('processed_at'),
    error: text('error'),
  },
  (t) => [index('paystack_events_unprocessed_idx').on(t.processedAt, t.receivedAt)],
);

/**
 * E-mails decided inside a money transaction, sent after it commits. A crash
 * between the commit and the send leaves the row, and the next run sends it:
 * a receipt is never lost, and (keyed) never queued twice.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    /** e.g. `receipt:<paymentId>`, `new-order:<orderId>`: the same e-mail is queued once. */
    dedupeKey: text('dedupe_key').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('outbox_emails_dedupe_key').on(t.dedupeKey), index('outbox_emails_unsent_idx').on(t.sentAt, t.createdAt)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    review: text('review'),
    /**
     * The purchase rated (a purchase is rated once per order item). Its foreign key to
     * order_items is in migration 0003 (declaring it here would make the two
     * schema files import each other). Null on ratings from before purchases.
     */
    orderItemId: text('order_item_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ratings_order_item_key')
      .on(t.orderItemId)
      .where(sql`${t.orderItemId} IS NOT NULL`),
    uniqueIndex('ratings_product_user_key')
      .on(t.productId, t.userId)
      .where(sql`${t.orderItemId} IS NULL`),
    check('ratings_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export type DisputeDecision = 'refund' | 'release' | 'part';

export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => sellers.id),
    status: text('status').$type<DisputeStatus>().notNull(),
    reason: text('reason').notNull(),
    openedAt: ts('opened_at').notNull(),
    decision: text('decision').$type<DisputeDecision>(),
    /** What the decision sent back to the buyer (0 when released). */
    refundKobo: bigint('refund_kobo', { mode: 'number' }),
    decisionNote: text('decision_note'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    // One dispute per order: a decided dispute closes the order.
    uniqueIndex('disputes_order_key').on(t.orderId),
    index('disputes_status_idx').on(t.status, t.openedAt),
    check('disputes_refund_not_negative', sql`${t.refundKobo} IS NULL OR ${t.refundKobo} >= 0`),
  ],
);

export const disputeStatements = pgTable(
  'dispute_statements',
  {
    id: text('id').primaryKey(),
    disputeId: text('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    author: text('author').$type<'buyer' | 'seller'>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    photos: jsonb('photos')
      .$type<PhotoRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dispute_statements_dispute_idx').on(t.disputeId, t.createdAt)],
);

export type PaymentRow = typeof payments.$inferSelect;

export type PaymentItemRow = typeof paymentItems.$inferSelect;

export type OrderRow = typeof orders.$inferSelect;

export type OrderItemRow = typeof orderItems.$inferSelect;

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

export type PayoutRow = typeof payouts.$inferSelect;

export type RefundRow = typeof refunds.$inferSelect;

export type RatingRow = typeof ratings.$inferSelect;

export type DisputeRow = typeof disputes.$inferSelect;

export type DisputeStatementRow = typeof disputeStatements.$inferSelect;
