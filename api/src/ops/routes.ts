/**
 * The operations console's routes and students' reports, one registration function per
 * section of the console, composed by `opsRoutes`. Every /ops route checks, before its
 * handler, that the caller is an operator whose second factor was checked in the last
 * 15 minutes; the /operator routes (the second factor itself) that the caller is an
 * operator. The browser's guard only decides what it shows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { route, type ApiRoute, type RouteExtras } from '../http/route';
import { Counter, tooManyRequests } from '../plugins/rate-limits';
import { auditEntries, type Actor } from './audit';
import { decide, disputeDetail, disputeQueue } from './disputes';
import { accountView, hideListing, restoreAccount, restoreListing, suspendAccount } from './moderation';
import { decideReviewPayment, moneyQueue, resolvePayout, retryPayout, retryRefund } from './money-queue';
import { report, reportGroups, REPORTS_PER_DAY } from './reports';
import { confirmEnrolment, operatorStatus, requireOperator, startEnrolment, verifySecondFactor } from './second-factor';
import { searchStudents, signOutEverywhere, studentDetail } from './students';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hooks of the console's routes, built once for all of them, and who acts in a request. */
interface Guards {
  /** An operator (403 otherwise): the second factor's own routes. */
  operator: RouteExtras;
  /** An operator whose session's second factor was checked in the last 15 minutes: the console's data and actions. */
  elevated: RouteExtras;
  actor: (request: FastifyRequest) => Actor;
}

function guardsOf(app: FastifyInstance): Guards {
  const signedIn = (request: FastifyRequest) => {
    if (!request.auth) throw new Error('an /ops route ran outside the signed-in scope');
    return request.auth;
  };
  const operator = { preHandler: [async (request: FastifyRequest) => requireOperator(app, signedIn(request), false)] };
  const elevated = { preHandler: [async (request: FastifyRequest) => requireOperator(app, signedIn(request), true)] };
  const actor = (request: FastifyRequest): Actor => {
    const { user } = signedIn(request);
    return { userId: user.id, email: user.email, ip: request.ip };
  };
  return { operator, elevated, actor };
}

/** A student's report (any signed-in student, a few a day), and the open reports for the console. */
function reportRoutes(app: FastifyInstance, { elevated }: Guards): ApiRoute[] {
  const reportsPerDay = new Counter(app.counters, app.clock, 'content-reports', { max: REPORTS_PER_DAY, windowMs: DAY_MS });
  return [
    route(ops.report, async (request, reply) => {
      const wait = await reportsPerDay.hit(request.auth.user.id);
      if (wait !== null) throw tooManyRequests(reply, wait, MESSAGES.reports.tooMany);
      await report(app, request.auth.user.id, request.body);
      return { message: MESSAGES.reports.received };
    }),
    route(ops.listReports, async () => ({ data: await reportGroups(app) }), elevated),
  ];
}

function secondFactorRoutes(app: FastifyInstance, { operator }: Guards): ApiRoute[] {
  // Wrong codes per operator: a stolen session cannot try the million codes.
  const codeAttempts = new Counter(app.counters, app.clock, 'operator-codes', { max: 10, windowMs: 15 * 60 * 1000 });
  return [
    route(ops.operatorStatus, async (request) => ({ data: await operatorStatus(app, request.auth) }), operator),
    route(ops.startEnrolment, async (request) => ({ data: await startEnrolment(app, request.auth) }), operator),
    route(
      ops.confirmEnrolment,
      async (request, reply) => {
        const wait = await codeAttempts.hit(request.auth.user.id);
        if (wait !== null) throw tooManyRequests(reply, wait);
        return { data: await confirmEnrolment(app, request.auth, request.body.code), message: MESSAGES.ops.enrolled };
      },
      operator,
    ),
    route(
      ops.verifySecondFactor,
      async (request, reply) => {
        const wait = await codeAttempts.hit(request.auth.user.id);
        if (wait !== null) throw tooManyRequests(reply, wait);
        return { data: await verifySecondFactor(app, request.auth, request.body.code), message: MESSAGES.ops.verified };
      },
      operator,
    ),
  ];
}

/** Listings hidden and restored, accounts read, suspended and restored. */
function moderationRoutes(app: FastifyInstance, { elevated, actor }: Guards): ApiRoute[] {
  return [
    route(
      ops.hideListing,
      async (request) => {
        await hideListing(app, actor(request), request.params.productId, request.body.reason);
        return { message: MESSAGES.ops.listingHidden };
      },
      elevated,
    ),
    route(
      ops.restoreListing,
      async (request) => {
        await restoreListing(app, actor(request), request.params.productId, request.body.reason);
        return { message: MESSAGES.ops.listingRestored };
      },
      elevated,
    ),
    route(ops.getAccount, async (request) => ({ data: await accountView(app, request.params.userId) }), elevated),
    route(
      ops.suspendAccount,
      async (request) => {
        const openOrders = await suspendAccount(app, actor(request), request.params.userId, request.body.reason);
        return { data: { openOrders }, message: MESSAGES.ops.accountSuspended };
      },
      elevated,
    ),
    route(
      ops.restoreAccount,
      async (request) => {
        await restoreAccount(app, actor(request), request.params.userId, request.body.reason);
        return { message: MESSAGES.ops.accountRestored };
      },
      elevated,
    ),
  ];
}

function disputeRoutes(app: FastifyInstance, { elevated, actor }: Guards): ApiRoute[] {
  return [
    route(ops.listDisputes, async () => ({ data: await disputeQueue(app) }), elevated),
    route(ops.getDispute, async (request) => ({ data: await disputeDetail(app, request.params.disputeId) }), elevated),
    route(
      ops.decideDispute,
      async (request) => {
        const result = await decide(app, actor(request), request.params.disputeId, request.body);
        return { data: result, message: MESSAGES.ops.decided };
      },
      elevated,
    ),
  ];
}

function auditRoutes(app: FastifyInstance, { elevated }: Guards): ApiRoute[] {
  return [route(ops.auditLog, async (request) => ({ data: await auditEntries(app, request.query) }), elevated)];
}

function moneyQueueRoutes(app: FastifyInstance, { elevated, actor }: Guards): ApiRoute[] {
  return [
    route(ops.moneyQueue, async () => ({ data: await moneyQueue(app) }), elevated),
    route(
      ops.decideReviewPayment,
      async (request) => {
        await decideReviewPayment(app, actor(request), request.params.paymentId, request.body);
        return { message: request.body.outcome === 'accept' ? MESSAGES.ops.paymentAccepted : MESSAGES.ops.paymentRefunded };
      },
      elevated,
    ),
    route(
      ops.retryPayout,
      async (request) => {
        await retryPayout(app, actor(request), request.params.payoutId, request.body.reason);
        return { message: MESSAGES.ops.retried };
      },
      elevated,
    ),
    route(
      ops.resolvePayout,
      async (request) => {
        await resolvePayout(app, actor(request), request.params.payoutId, request.body.reason);
        return { message: MESSAGES.ops.resolved };
      },
      elevated,
    ),
    route(
      ops.retryRefund,
      async (request) => {
        await retryRefund(app, actor(request), request.params.refundId, request.body.reason);
        return { message: MESSAGES.ops.retried };
      },
      elevated,
    ),
  ];
}

function studentRoutes(app: FastifyInstance, { elevated, actor }: Guards): ApiRoute[] {
  return [
    route(ops.searchStudents, async (request) => ({ data: await searchStudents(app, request.query.q) }), elevated),
    route(ops.getStudent, async (request) => ({ data: await studentDetail(app, request.params.userId) }), elevated),
    route(
      ops.signOutEverywhere,
      async (request) => {
        await signOutEverywhere(app, actor(request), request.params.userId, request.body.reason);
        return { message: MESSAGES.ops.signedOutEverywhere };
      },
      elevated,
    ),
  ];
}

export function opsRoutes(app: FastifyInstance): ApiRoute[] {
  const guards = guardsOf(app);
  return [
    ...reportRoutes(app, guards),
    ...secondFactorRoutes(app, guards),
    ...moderationRoutes(app, guards),
    ...disputeRoutes(app, guards),
    ...auditRoutes(app, guards),
    ...moneyQueueRoutes(app, guards),
    ...studentRoutes(app, guards),
  ];
}
