/**
 * The operations console (/ops/*): operators only, and only from a session whose
 * second factor was checked in the last 15 minutes; everyone else is refused (the
 * API checks, whatever the browser shows). The second factor itself is checked
 * under /operator/* (an operator who has not confirmed it yet may call those).
 * Students report listings and stores at POST /reports.
 */
import { z } from 'zod';
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
  operatorStatusSchema,
  opsAccountSchema,
  opsDisputeSchema,
  opsDisputeSummarySchema,
  opsReasonBodySchema,
  reportGroupSchema,
  totpCodeBodySchema,
} from '../schemas/ops';
import { defineEndpoint } from './define';

const productParams = z.object({ productId: z.string().min(1).max(100) });
const userParams = z.object({ userId: z.string().min(1).max(100) });
const disputeParams = z.object({ disputeId: z.string().min(1).max(100) });

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
  response: envelope(operatorStatusSchema),
  errors: [401, 403],
});

export const startEnrolment = defineEndpoint({
  name: 'ops.startEnrolment',
  method: 'POST',
  path: '/operator/enrolment',
  access: 'signed-in',
  summary: 'A new TOTP secret and its QR code, until an authenticator is confirmed (refused once enrolled)',
  response: envelope(enrolmentSchema),
  errors: [401, 403, 409],
});

export const confirmEnrolment = defineEndpoint({
  name: 'ops.confirmEnrolment',
  method: 'POST',
  path: '/operator/enrolment/confirm',
  access: 'signed-in',
  summary: 'Confirm the authenticator with its current code: answers 10 one-use recovery codes, shown once',
  body: totpCodeBodySchema,
  response: envelope(enrolledSchema),
  errors: [400, 401, 403, 409, 429],
});

export const verifySecondFactor = defineEndpoint({
  name: 'ops.verifySecondFactor',
  method: 'POST',
  path: '/operator/verify',
  access: 'signed-in',
  summary: "Check the authenticator's code (or a recovery code): the session may act as an operator for 15 minutes",
  body: totpCodeBodySchema,
  response: envelope(elevatedSchema),
  errors: [400, 401, 403, 409, 429],
});

// ---- the console (operators with a fresh second factor) ----

export const listReports = defineEndpoint({
  name: 'ops.listReports',
  method: 'GET',
  path: '/ops/reports',
  access: 'signed-in',
  summary: 'Open reports grouped by listing and by account',
  response: envelope(z.array(reportGroupSchema)),
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
  response: envelope(opsAccountSchema),
  errors: [401, 403, 404],
});

export const suspendAccount = defineEndpoint({
  name: 'ops.suspendAccount',
  method: 'POST',
  path: '/ops/accounts/:userId/suspend',
  access: 'signed-in',
  summary: 'Suspend an account: it cannot sign in, its sessions end, its listings are hidden',
  params: userParams,
  body: opsReasonBodySchema,
  response: messageOnlySchema,
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
  response: envelope(z.array(opsDisputeSummarySchema)),
  errors: [401, 403],
});

export const getDispute = defineEndpoint({
  name: 'ops.getDispute',
  method: 'GET',
  path: '/ops/disputes/:disputeId',
  access: 'signed-in',
  summary: "A dispute with its order, both sides' statements and photos, the message thread and the ledger lines",
  params: disputeParams,
  response: envelope(opsDisputeSchema),
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
  response: envelope(decisionResultSchema),
  errors: [400, 401, 403, 404, 409],
});

export const auditLog = defineEndpoint({
  name: 'ops.auditLog',
  method: 'GET',
  path: '/ops/audit',
  access: 'signed-in',
  summary: 'The audit log of operator actions, newest first, filtered by action, record or operator',
  query: auditQuerySchema,
  response: envelope(z.array(auditEntrySchema)),
  errors: [400, 401, 403],
});
