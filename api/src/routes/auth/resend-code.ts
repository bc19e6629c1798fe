import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { emailOnlyBodySchema } from '@campus/shared/schemas';
import { emailVerifications } from '../../db/schema';
import { findUserByEmail, issueVerificationCode } from '../../lib/accounts';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-errors';
import { emailLimit, ipLimit } from '../../plugins/rate-limits';

/** Our path for "resend verification code" (spec section 7 leaves it open). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email/resend',
    {
      config: ipLimit(app, 'resend'),
      preHandler: [emailLimit(app, 'resend')],
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification code (replaces the previous one; rate-limited)',
        body: emailOnlyBodySchema(app.config.universityEmailDomain),
        response: { 200: envelope(z.null()), 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(app, request.body.email);
      if (!user) throw notFound(MESSAGES.verify.emailNotFound);
      if (user.emailVerifiedAt) throw badRequest(MESSAGES.account.alreadyVerified);
      const [last] = await app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
      if (last) {
        const waitMs = last.sentAt.getTime() + app.limits.resendCooldownMs - app.clock.now().getTime();
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          reply.header('retry-after', String(seconds));
          throw tooManyRequests(MESSAGES.account.resendTooSoon(seconds));
        }
      }
      await issueVerificationCode(app, user);
      return { data: null, message: MESSAGES.verify.resent };
    },
  );
};
export default route;
