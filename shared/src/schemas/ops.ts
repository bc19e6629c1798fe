/**
 * The operations console's wire shapes: students' reports, the operator's
 * second factor, the operator's actions and what the console lists.
 * Money is integer kobo; an amount an operator types is naira text.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { MESSAGES } from '../messages';
import { disputeSchema } from './entities';

const id = lazySchema(() => z.string().trim().min(1).max(100));

export const REPORT_REASONS = ['scam', 'prohibited', 'counterfeit', 'offensive', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  counterfeit: 'Counterfeit',
  offensive: 'Offensive content',
  misleading: 'Misleading description or price',
  other: 'Something else',
};
export const REPORT_DETAILS_MAX_CHARS = 1000;

const reportFields = () => ({
  reason: z.enum(REPORT_REASONS),
  details: z.string().trim().max(REPORT_DETAILS_MAX_CHARS).default(''),
});
const detailsForOther = <T extends { reason: ReportReason; details: string }>(body: T) =>
  body.reason !== 'other' || body.details.length > 0;
const detailsRule = { message: MESSAGES.reports.detailsRequired, path: ['details'] };

/** The report form: a reason from the list and free text (needed for "Something else"). */
export const reportFormSchema = lazySchema(() => z.object(reportFields()).refine(detailsForOther, detailsRule));

/** POST /reports: a listing or a store (conversations: POST /messages/reports). */
export const contentReportBodySchema = lazySchema(() =>
  z
    .object({
      target: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('listing'), productId: id }).strict(),
        z.object({ kind: z.literal('store'), sellerId: id }).strict(),
      ]),
      ...reportFields(),
    })
    .strict()
    .refine(detailsForOther, detailsRule),
);
export type ContentReportBody = z.input<typeof contentReportBodySchema>;

// ---- the operator's second factor --------------------------------------------

export const operatorStatusSchema = lazySchema(() =>
  z.object({
    enrolled: z.boolean(),
    /** Until when this session's second factor counts; null: check it (again). */
    elevatedUntil: z.string().nullable(),
  }),
);
export type OperatorStatus = z.infer<typeof operatorStatusSchema>;

export const enrolmentSchema = lazySchema(() =>
  z.object({
    /** Base32, for typing into an authenticator by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a PNG data URL. */
    qrDataUrl: z.string(),
  }),
);
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const totpCodeBodySchema = lazySchema(() => z.object({ code: z.string().trim().min(6).max(32) }).strict());

export const enrolledSchema = lazySchema(() => z.object({ recoveryCodes: z.array(z.string()), elevatedUntil: z.string() }));
export const elevatedSchema = lazySchema(() => z.object({ elevatedUntil: z.string() }));

// ---- the operator's actions ----------------------------------------------------

const reason = lazySchema(() => z.string().trim().min(1, MESSAGES.ops.reasonRequired).max(1000));
export const opsReasonBodySchema = lazySchema(() => z.object({ reason }).strict());

export const DISPUTE_OUTCOMES = ['refund', 'part', 'release'] as const;
export const disputeDecisionBodySchema = lazySchema(() =>
  z
    .object({
      outcome: z.enum(DISPUTE_OUTCOMES),
      /** Naira the buyer gets back, for a part refund ("2500" or "2500.50"). */
      amountNaira: z.string().trim().max(20).optional(),
      reason,
    })
    .strict(),
);
export type DisputeDecisionBody = z.infer<typeof disputeDecisionBodySchema>;

// ---- what the console shows ----------------------------------------------------

export const reportItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(['listing', 'store', 'conversation']),
    reason: z.string(),
    details: z.string(),
    reporterEmail: z.string(),
    createdAt: z.string(),
  }),
);

export const opsAccountSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    storeName: z.string().nullable(),
    suspended: z.boolean(),
  }),
);
export type OpsAccount = z.infer<typeof opsAccountSchema>;

/** Open reports grouped: one group per reported listing, one per account (its store or conversations). */
export const reportGroupSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    kind: z.enum(['listing', 'account']),
    listing: z.object({ id: z.string(), slug: z.string(), name: z.string(), hidden: z.boolean() }).nullable(),
    account: opsAccountSchema,
    reports: z.array(reportItemSchema),
  }),
);
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const ledgerLineSchema = lazySchema(() =>
  z.object({
    journalId: z.string(),
    kind: z.string(),
    account: z.string(),
    amountKobo: z.number().int(),
    createdAt: z.string(),
  }),
);

export const opsDisputeSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.string(),
    orderId: z.string(),
    orderCode: z.string(),
    totalKobo: z.number().int(),
    storeName: z.string(),
    buyerEmail: z.string(),
    reason: z.string(),
    openedAt: z.string(),
    statements: z.number().int(),
  }),
);
export type OpsDisputeSummary = z.infer<typeof opsDisputeSummarySchema>;

export const opsDisputeSchema = lazySchema(() =>
  opsDisputeSummarySchema.extend({
    orderStatus: z.string(),
    sellerEmail: z.string().nullable(),
    /** Both sides' statements and photos, and the decision once made. */
    dispute: disputeSchema,
    messages: z.array(z.object({ from: z.string(), text: z.string(), createdAt: z.string() })),
    ledger: z.array(ledgerLineSchema),
  }),
);
export type OpsDispute = z.infer<typeof opsDisputeSchema>;

export const decisionResultSchema = lazySchema(() =>
  z.object({
    disputeId: z.string(),
    status: z.string(),
    refundKobo: z.number().int(),
    releasedKobo: z.number().int(),
    paidOutKobo: z.number().int(),
  }),
);

export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    operatorEmail: z.string(),
    action: z.string(),
    recordType: z.string(),
    recordId: z.string(),
    reason: z.string(),
    ip: z.string(),
    createdAt: z.string(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = lazySchema(() =>
  z.object({
    action: z.string().trim().max(60).optional(),
    recordType: z.string().trim().max(60).optional(),
    recordId: z.string().trim().max(100).optional(),
    operator: z.string().trim().max(200).optional(),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

// ---- the money queue -------------------------------------------------------------

/** A payment held in `review` (Paystack took another currency): accepted as paid (its orders made), or refunded whole. */
export const REVIEW_OUTCOMES = ['accept', 'refund'] as const;
export const reviewDecisionBodySchema = lazySchema(() => z.object({ outcome: z.enum(REVIEW_OUTCOMES), reason }).strict());
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

export const moneyReviewPaymentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    reference: z.string(),
    email: z.string(),
    amountKobo: z.number().int(),
    reviewReason: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const moneyPayoutItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    reference: z.string(),
    sellerId: z.string(),
    storeName: z.string(),
    amountKobo: z.number().int(),
    status: z.string(),
    failureReason: z.string().nullable(),
    attention: z.string(),
    createdAt: z.string(),
  }),
);

export const moneyRefundItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    paymentReference: z.string(),
    buyerEmail: z.string(),
    orderId: z.string().nullable(),
    amountKobo: z.number().int(),
    /** pending (retries spent) or needs-account (Paystack waits for the buyer's bank account). */
    status: z.string(),
    attention: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
  }),
);

/** The ledger's `paystack` account beside Paystack's balance (Fetch Balance), and the platform's fee account. */
export const reconciliationSchema = lazySchema(() =>
  z.object({
    ledgerKobo: z.number().int(),
    inFlightKobo: z.number().int(),
    /** null when Paystack could not be asked just now. */
    paystackKobo: z.number().int().nullable(),
    differenceKobo: z.number().int().nullable(),
    /** The `platform:fees` account: + is what the platform paid in Paystack's fees beyond what it recovered. */
    platformFeesKobo: z.number().int(),
    alerts: z.array(z.string()),
  }),
);

export const moneyQueueSchema = lazySchema(() =>
  z.object({
    payments: z.array(moneyReviewPaymentSchema),
    payouts: z.array(moneyPayoutItemSchema),
    refunds: z.array(moneyRefundItemSchema),
    reconciliation: reconciliationSchema,
  }),
);
export type MoneyQueue = z.infer<typeof moneyQueueSchema>;

// ---- students ----------------------------------------------------------------------

/** Fewer than 2 characters find nothing. */
export const studentSearchQuerySchema = lazySchema(() => z.object({ q: z.string().trim().max(200).optional() }));

export const openOrderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderCode: z.string(),
    status: z.string(),
    totalKobo: z.number().int(),
    /** The suspended account's side of it. */
    side: z.enum(['buyer', 'seller']),
    createdAt: z.string(),
  }),
);
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const signInEventSchema = lazySchema(() =>
  z.object({
    at: z.string(),
    ip: z.string(),
    userAgent: z.string(),
    success: z.boolean(),
  }),
);

export const studentDetailSchema = lazySchema(() =>
  z.object({
    account: opsAccountSchema,
    createdAt: z.string(),
    /** Its orders as buyer and as seller, newest first. */
    orders: z.array(openOrderSchema),
    /** Open orders (neither completed nor cancelled) an operator settles while the account is suspended. */
    openOrders: z.array(openOrderSchema),
    reports: z.array(reportItemSchema),
    signIns: z.array(signInEventSchema),
    liveSessions: z.number().int(),
  }),
);
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const suspensionResultSchema = lazySchema(() => z.object({ openOrders: z.array(openOrderSchema) }));
