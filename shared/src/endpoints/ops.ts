/**
 * The operations console (/ops/*): operators only, and only from a session whose
 * second factor was checked in the last 15 minutes; everyone else is refused (the
 * API checks, whatever the browser shows). The second factor itself is checked
 * under /operator/* (an operator who has not confirmed it yet may call those).
 * Students report listings and stores at POST /reports.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope, messageOnlySchema } from '../http';
import {
  auditEntrySchema,
  auditQuerySchema,
  contentReportBodySchema,
  decisionResultSchema,
  disputeDecisionBodySchema,
  elevatedSchema,
  enrolledSchema,
  enrolmentSchema,
  moneyQueueSchema,
  operatorStatusSchema,
  opsAccountSchema,
  opsDisputeSchema,
  opsDisputeSummarySchema,
  opsReasonBodySchema,
  reportGroupSchema,
  reviewDecisionBodySchema,
  studentDetailSchema,
  studentSearchQuerySchema,
  suspensionResultSchema,
  totpCodeBodySchema,
} from '../schemas/ops';
import { defineEndpoint } from './define';

const productParams = lazySchema(() => z.object({ productId: z.string().min(1).max(100) }));
const userParams = lazySchema(() => z.object({ userId: z.string().min(1).max(100) }));
const disputeParams = lazySchema(() => z.object({ disputeId: z.string().min(1).max(100) }));
const paymentParams = lazySchema(() => z.object({ paymentId: z.string().min(1).max(100) }));
const payoutParams = lazySchema(() => z.object({ payoutId: z.string().min(1).max(100) }));
const refundParams = lazySchema(() => z.object({ refundId: z.string().min(1).max(100) }));

export const report = defineEndpoint({
  name: 'ops.report',
  method: 'POST',
  path: '/reports',
  access: 'signed-in',
  summary: 'Report a listing or a store to the campus team (a reason from the list and free text; a few a day)',
  body: contentReportBodySchema,
  status: 201,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 429],
});

// ---- the operator's second factor (operators only, before the second factor) ----

export const operatorStatus = defineEndpoint({
  name: 'ops.operatorStatus',
  method: 'GET',
  path: '/operator/status',
  access: 'signed-in',
  summary: "The operator's second factor: enrolled or not, and until when this session's check counts",
  response: lazySchema(() => envelope(operatorStatusSchema)),
  errors: [401, 403],
});

export const startEnrolment = defineEndpoint({
  name: 'ops.startEnrolment',
  method: 'POST',
  path: '/operator/enrolment',
  access: 'signed-in',
  summary: 'A new TOTP secret and its QR code, until an authenticator is confirmed (refused once enrolled)',
  response: lazySchema(() => envelope(enrolmentSchema)),
  errors: [401, 403, 409],
});

export const confirmEnrolment = defineEndpoint({
  name: 'ops.confirmEnrolment',
  method: 'POST',
  path: '/operator/enrolment/confirm',
  access: 'signed-in',
  summary: 'Confirm the authenticator with its current code: answers 10 one-use recovery codes, shown once',
  body: totpCodeBodySchema,
  response: lazySchema(() => envelope(enrolledSchema)),
  errors: [400, 401, 403, 409, 429],
});

export const verifySecondFactor = defineEndpoint({
  name: 'ops.verifySecondFactor',
  method: 'POST',
  path: '/operator/verify',
  access: 'signed-in',
  summary: "Check the authenticator's code (or a recovery code): the session may act as an operator for 15 minutes",
  body: totpCodeBodySchema,
  response: lazySchema(() => envelope(elevatedSchema)),
  errors: [400, 401, 403, 409, 429],
});

// ---- the console (operators with a fresh second factor) ----

export const listReports = defineEndpoint({
  name: 'ops.listReports',
  method: 'GET',
  path: '/ops/reports',
  access: 'signed-in',
  summary: 'Open reports grouped by listing and by account',
  response: lazySchema(() => envelope(z.array(reportGroupSchema))),
  errors: [401, 403],
});

export const hideListing = defineEndpoint({
  name: 'ops.hideListing',
  method: 'POST',
  path: '/ops/listings/:productId/hide',
  access: 'signed-in',
  summary: 'Hide a listing from search, category pages, catalogues and its page; its seller is e-mailed',
  params: productParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const restoreListing = defineEndpoint({
  name: 'ops.restoreListing',
  method: 'POST',
  path: '/ops/listings/:productId/restore',
  access: 'signed-in',
  summary: 'Show a hidden listing again',
  params: productParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const getAccount = defineEndpoint({
  name: 'ops.getAccount',
  method: 'GET',
  path: '/ops/accounts/:userId',
  access: 'signed-in',
  summary: 'An account: its store and whether it is suspended',
  params: userParams,
  response: lazySchema(() => envelope(opsAccountSchema)),
  errors: [401, 403, 404],
});

export const suspendAccount = defineEndpoint({
  name: 'ops.suspendAccount',
  method: 'POST',
  path: '/ops/accounts/:userId/suspend',
  access: 'signed-in',
  summary: 'Suspend an account: it cannot sign in, its sessions end, its listings are hidden; answers its open orders to settle',
  params: userParams,
  body: opsReasonBodySchema,
  // The message stays always sent (released clients read it); the open orders are added beside it.
  response: lazySchema(() => messageOnlySchema.extend({ data: suspensionResultSchema })),
  errors: [400, 401, 403, 404, 409],
});

export const restoreAccount = defineEndpoint({
  name: 'ops.restoreAccount',
  method: 'POST',
  path: '/ops/accounts/:userId/restore',
  access: 'signed-in',
  summary: 'Restore a suspended account and the listings its suspension hid',
  params: userParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const listDisputes = defineEndpoint({
  name: 'ops.listDisputes',
  method: 'GET',
  path: '/ops/disputes',
  access: 'signed-in',
  summary: 'Disputes, open ones first, oldest first within',
  response: lazySchema(() => envelope(z.array(opsDisputeSummarySchema))),
  errors: [401, 403],
});

export const getDispute = defineEndpoint({
  name: 'ops.getDispute',
  method: 'GET',
  path: '/ops/disputes/:disputeId',
  access: 'signed-in',
  summary: "A dispute with its order, both sides' statements and photos, the message thread and the ledger lines",
  params: disputeParams,
  response: lazySchema(() => envelope(opsDisputeSchema)),
  errors: [401, 403, 404],
});

export const decideDispute = defineEndpoint({
  name: 'ops.decideDispute',
  method: 'POST',
  path: '/ops/disputes/:disputeId/decision',
  access: 'signed-in',
  summary: 'Refund the whole, refund a part (naira, less than what was paid) or release to the seller; both sides are e-mailed',
  params: disputeParams,
  body: disputeDecisionBodySchema,
  response: lazySchema(() => envelope(decisionResultSchema)),
  errors: [400, 401, 403, 404, 409],
});

export const auditLog = defineEndpoint({
  name: 'ops.auditLog',
  method: 'GET',
  path: '/ops/audit',
  access: 'signed-in',
  summary: 'The audit log of operator actions, newest first, filtered by action, record or operator',
  query: auditQuerySchema,
  response: lazySchema(() => envelope(z.array(auditEntrySchema))),
  errors: [400, 401, 403],
});

// ---- money that needs a person ----

export const moneyQueue = defineEndpoint({
  name: 'ops.moneyQueue',
  method: 'GET',
  path: '/ops/money',
  access: 'signed-in',
  summary: "Payments held for review, payouts and refunds that need a person, and the ledger beside Paystack's balance",
  response: lazySchema(() => envelope(moneyQueueSchema)),
  errors: [401, 403],
});

export const decideReviewPayment = defineEndpoint({
  name: 'ops.decideReviewPayment',
  method: 'POST',
  path: '/ops/money/payments/:paymentId/decision',
  access: 'signed-in',
  summary: 'A payment held for review: accepted as paid (its orders made, or refunded if the items are gone) or refunded whole',
  params: paymentParams,
  body: reviewDecisionBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const retryPayout = defineEndpoint({
  name: 'ops.retryPayout',
  method: 'POST',
  path: '/ops/money/payouts/:payoutId/retry',
  access: 'signed-in',
  summary: 'A payout that needs a person goes back to the payout machinery: sent (or asked of Paystack) again now',
  params: payoutParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const resolvePayout = defineEndpoint({
  name: 'ops.resolvePayout',
  method: 'POST',
  path: '/ops/money/payouts/:payoutId/resolve',
  access: 'signed-in',
  summary: "A settled payout (paid, or failed with the money back in the store's balance) leaves the queue; nothing is sent now",
  params: payoutParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

export const retryRefund = defineEndpoint({
  name: 'ops.retryRefund',
  method: 'POST',
  path: '/ops/money/refunds/:refundId/retry',
  access: 'signed-in',
  summary: 'A refund whose retries are spent is asked of Paystack again (attempts start over); one waiting for an account is read again',
  params: refundParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404, 409],
});

// ---- students ----

export const searchStudents = defineEndpoint({
  name: 'ops.searchStudents',
  method: 'GET',
  path: '/ops/students',
  access: 'signed-in',
  summary: 'Accounts whose e-mail or name contains the words (at most 50)',
  query: studentSearchQuerySchema,
  response: lazySchema(() => envelope(z.array(opsAccountSchema))),
  errors: [400, 401, 403],
});

export const getStudent = defineEndpoint({
  name: 'ops.getStudent',
  method: 'GET',
  path: '/ops/students/:userId',
  access: 'signed-in',
  summary: 'An account with its orders (open ones apart), store, reports about it and sign-in history',
  params: userParams,
  response: lazySchema(() => envelope(studentDetailSchema)),
  errors: [401, 403, 404],
});

export const signOutEverywhere = defineEndpoint({
  name: 'ops.signOutEverywhere',
  method: 'POST',
  path: '/ops/students/:userId/sign-out',
  access: 'signed-in',
  summary: "Ends all of the account's sessions at once",
  params: userParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404],
});
