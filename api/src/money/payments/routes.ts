/**
 * Payment routes (spec section 7). The webhook is not part of the
 * endpoint contract: Paystack calls it with a signed raw body, so it is
 * registered by `webhookRoute` with a parser that keeps the bytes.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { payments } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { invalid, unauthenticated } from '../../lib/domain-errors';
import { route, type ApiRoute } from '../../http/route';
import { toDecimal } from '../../products';
import { refundsAwaitingAccountOf } from './refund-repository';
import { ipLimit, userLimit } from '../../plugins/rate-limits';

export function paymentRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    // Limited per address and per buyer: each checkout holds the cart's stock (docs/api.md "Abuse limits").
    route(
      payments.initiatePayment,
      async (request) => ({
        data: await app.payments.initiate(request.auth.user, request.body),
        message: MESSAGES.payment.started,
      }),
      { config: ipLimit(app, 'checkout'), preHandler: [userLimit(app, 'checkout')] },
    ),

    route(payments.verifyPayment, async (request) => ({
      data: await app.payments.verify(request.auth.user.id, request.params.reference),
    })),

    route(payments.listRefundsAwaitingAccount, async (request) => ({
      data: (await refundsAwaitingAccountOf(app.db, request.auth.user.id)).map((r) => ({
        id: r.id,
        orderId: r.orderId,
        amount: toDecimal(r.amountKobo),
        createdAt: r.createdAt.toISOString(),
      })),
    })),

    route(payments.giveRefundAccount, async (request) => {
      await app.payments.giveRefundAccount(request.auth.user.id, request.params.refundId, request.body);
      return { data: null, message: MESSAGES.refunds.accountGiven };
    }),
  ];
}

/** POST /payments/webhook: Paystack's events. The signature is checked over the raw bytes before anything else. */
export const webhookRoute: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this route reads JSON as bytes (re-serialised JSON would not match the signature).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/payments/webhook', { schema: { hide: true } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verdict = await app.payments.receiveWebhook(raw, request.headers['x-paystack-signature']);
    // Refusals go through the app's error handler: the same { statusCode, error, message } as every route.
    if (verdict === 'bad-signature') throw unauthenticated(MESSAGES.payment.badSignature);
    if (verdict === 'bad-body') throw invalid(MESSAGES.payment.notAnEvent);
    return reply.status(200).send({ received: true });
  });
};
