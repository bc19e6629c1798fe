/**
 * The operations console's routes and students' reports. Every /ops route checks,
 * before its handler, that the caller is an operator whose second factor was checked
 * in the last 15 minutes; the /operator routes (the second factor itself) that the
 * caller is an operator. The browser's guard only decides what it shows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { route, type ApiRoute } from '../http/route';
import { Counter, tooManyRequests } from '../plugins/rate-limits';
import * as service from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

export function opsRoutes(app: FastifyInstance): ApiRoute[] {
  const reportsPerDay = new Counter(app.counters, app.clock, 'content-reports', { max: service.REPORTS_PER_DAY, windowMs: DAY_MS });
  // Wrong codes per operator: a stolen session cannot try the million codes.
  const codeAttempts = new Counter(app.counters, app.clock, 'operator-codes', { max: 10, windowMs: 15 * 60 * 1000 });

  const signedIn = (request: FastifyRequest) => {
    if (!request.auth) throw new Error('an /ops route ran outside the signed-in scope');
    return request.auth;
  };
  const operator = { preHandler: [async (request: FastifyRequest) => service.requireOperator(app, signedIn(request), false)] };
  const elevated = { preHandler: [async (request: FastifyRequest) => service.requireOperator(app, signedIn(request), true)] };
  const actor = (request: FastifyRequest): service.Actor => {
    const { user } = signedIn(request);
    return { userId: user.id, email: user.email, ip: request.ip };
  };

  return [
    route(ops.report, async (request, reply) => {
      const wait = await reportsPerDay.hit(request.auth.user.id);
      if (wait !== null) throw tooManyRequests(reply, wait, MESSAGES.reports.tooMany);
      await service.report(app, request.auth.user.id, request.body);
      return { message: MESSAGES.reports.received };
    }),

    route(ops.operatorStatus, async (request) => ({ data: await service.operatorStatus(app, request.auth) }), operator),
    route(ops.startEnrolment, async (request) => ({ data: await service.startEnrolment(app, request.auth) }), operator),
    route(
      ops.confirmEnrolment,
      async (request, reply) => {
        const wait = await codeAttempts.hit(request.auth.user.id);
        if (wait !== null) throw tooManyRequests(reply, wait);
        return { data: await service.confirmEnrolment(app, request.auth, request.body.code), message: MESSAGES.ops.enrolled };
      },
      operator,
    ),
    route(
      ops.verifySecondFactor,
      async (request, reply) => {
        const wait = await codeAttempts.hit(request.auth.user.id);
        if (wait !== null) throw tooManyRequests(reply, wait);
        return { data: await service.verifySecondFactor(app, request.auth, request.body.code), message: MESSAGES.ops.verified };
      },
      operator,
    ),

    route(ops.listReports, async () => ({ data: await service.reportGroups(app) }), elevated),
    route(
      ops.hideListing,
      async (request) => {
        await service.hideListing(app, actor(request), request.params.productId, request.body.reason);
        return { message: MESSAGES.ops.listingHidden };
      },
      elevated,
    ),
    route(
      ops.restoreListing,
      async (request) => {
        await service.restoreListing(app, actor(request), request.params.productId, request.body.reason);
        return { message: MESSAGES.ops.listingRestored };
      },
      elevated,
    ),
    route(ops.getAccount, async (request) => ({ data: await service.accountView(app, request.params.userId) }), elevated),
    route(
      ops.suspendAccount,
      async (request) => {
        const openOrders = await service.suspendAccount(app, actor(request), request.params.userId, request.body.reason);
        return { data: { openOrders }, message: MESSAGES.ops.accountSuspended };
      },
      elevated,
    ),
    route(
      ops.restoreAccount,
      async (request) => {
        await service.restoreAccount(app, actor(request), request.params.userId, request.body.reason);
        return { message: MESSAGES.ops.accountRestored };
      },
      elevated,
    ),
    route(ops.listDisputes, async () => ({ data: await service.disputeQueue(app) }), elevated),
    route(ops.getDispute, async (request) => ({ data: await service.disputeDetail(app, request.params.disputeId) }), elevated),
    route(
      ops.decideDispute,
      async (request) => {
        const result = await service.decide(app, actor(request), request.params.disputeId, request.body);
        return { data: result, message: MESSAGES.ops.decided };
      },
      elevated,
    ),
    route(ops.auditLog, async (request) => ({ data: await service.auditEntries(app, request.query) }), elevated),

    route(ops.moneyQueue, async () => ({ data: await service.moneyQueue(app) }), elevated),
    route(
      ops.decideReviewPayment,
      async (request) => {
        await service.decideReviewPayment(app, actor(request), request.params.paymentId, request.body);
        return { message: request.body.outcome === 'accept' ? MESSAGES.ops.paymentAccepted : MESSAGES.ops.paymentRefunded };
      },
      elevated,
    ),
    route(
      ops.retryPayout,
      async (request) => {
        await service.retryPayout(app, actor(request), request.params.payoutId, request.body.reason);
        return { message: MESSAGES.ops.retried };
      },
      elevated,
    ),
    route(
      ops.resolvePayout,
      async (request) => {
        await service.resolvePayout(app, actor(request), request.params.payoutId, request.body.reason);
        return { message: MESSAGES.ops.resolved };
      },
      elevated,
    ),
    route(
      ops.retryRefund,
      async (request) => {
        await service.retryRefund(app, actor(request), request.params.refundId, request.body.reason);
        return { message: MESSAGES.ops.retried };
      },
      elevated,
    ),

    route(ops.searchStudents, async (request) => ({ data: await service.searchStudents(app, request.query.q) }), elevated),
    route(ops.getStudent, async (request) => ({ data: await service.studentDetail(app, request.params.userId) }), elevated),
    route(
      ops.signOutEverywhere,
      async (request) => {
        await service.signOutEverywhere(app, actor(request), request.params.userId, request.body.reason);
        return { message: MESSAGES.ops.signedOutEverywhere };
      },
      elevated,
    ),
  ];
}
