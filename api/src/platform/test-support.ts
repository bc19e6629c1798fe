/**
 * The test-support interface: what QA's journeys need from an environment they did not start
 * (staging), under /test-support. On only with TEST_SUPPORT_SECRET and never under
 * NODE_ENV=production (not registered there: 404, secret or not). Every request carries the
 * secret in X-Test-Support-Secret, or is answered 401.
 *
 * - GET /test-support/emails?to=: the e-mails sent to the address by any API instance, newest first
 *   (recorded by the mailer in the shared database while the interface is on, SMTP or not:
 *   sent-mail-repository.ts; not the development mailbox).
 * - GET /test-support/verification-code?to=: the code of the latest verification e-mail to it.
 * - GET /test-support/settings: the timings a journey depends on (the wait before a buyer may
 *   dispute, the payout interval), so one that needs shortened timings skips itself elsewhere.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/errors';

export const TEST_SUPPORT_SECRET_HEADER = 'x-test-support-secret';

const sentEmailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() });
const toQuery = z.object({ to: z.string().trim().min(3).max(320) });

/** Equal secrets, compared in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A verification e-mail's six-digit code (accounts/emails.ts puts it in the subject and the text). */
const VERIFICATION_SUBJECT = /verification code/i;
const CODE = /\b(\d{6})\b/;

const testSupport: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  const sent = app.mailer.sent;
  if (!sent) throw new Error('the test-support interface needs the mailer to record what it sends (sentRecord)');

  app.addHook('onRequest', async (request) => {
    const given = request.headers[TEST_SUPPORT_SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, secret)) {
      throw new HttpError(401, `The test-support interface needs its secret in ${TEST_SUPPORT_SECRET_HEADER}`);
    }
  });

  app.get(
    '/emails',
    { schema: { hide: true, querystring: toQuery, response: { 200: z.object({ data: z.array(sentEmailSchema) }) } } },
    async (request) => ({
      data: (await sent.list(request.query.to)).map(({ to, subject, text, createdAt }) => ({ to, subject, text, createdAt })),
    }),
  );

  app.get(
    '/verification-code',
    {
      schema: {
        hide: true,
        querystring: toQuery,
        response: { 200: z.object({ data: z.object({ code: z.string(), sentAt: z.string() }) }) },
      },
    },
    async (request) => {
      const mail = (await sent.list(request.query.to)).find((m) => VERIFICATION_SUBJECT.test(m.subject) && CODE.test(m.text));
      if (!mail) throw new HttpError(404, `No verification code was sent to ${request.query.to}`);
      return { data: { code: CODE.exec(mail.text)![1]!, sentAt: mail.createdAt } };
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({
            data: z.object({
              nodeEnv: z.enum(['development', 'production', 'test']),
              buyerWaitSeconds: z.number(),
              payoutIntervalHours: z.number(),
              rateLimitScale: z.number(),
            }),
          }),
        },
      },
    },
    async () => {
      const { nodeEnv, payments, rateLimitScale } = app.config;
      return {
        data: {
          nodeEnv,
          buyerWaitSeconds: payments.buyerWaitMs / 1000,
          payoutIntervalHours: payments.payoutIntervalMs / 3_600_000,
          rateLimitScale,
        },
      };
    },
  );
};
export default testSupport;
