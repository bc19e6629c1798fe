import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { registerResultSchema, verifyEmailBodySchema } from '@campus/shared/schemas';
import { emailVerifications, users } from '../../db/schema';
import { findUserByEmail, MAX_CODE_ATTEMPTS, sendMail } from '../../lib/accounts';
import { verifyCode } from '../../lib/crypto';
import { welcomeEmail } from '../../lib/emails';
import { badRequest, notFound } from '../../lib/http-errors';
import { toUser } from '../../lib/users';
import { emailLimit, ipLimit } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email/verify',
    {
      config: ipLimit(app, 'verify'),
      preHandler: [emailLimit(app, 'verify')],
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail with the 6-digit code (15 minutes, 5 attempts)',
        body: verifyEmailBodySchema(app.config.universityEmailDomain),
        response: { 200: envelope(registerResultSchema), 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const user = await findUserByEmail(app, email);
      if (!user) throw notFound(MESSAGES.verify.emailNotFound);
      if (user.emailVerifiedAt) throw badRequest(MESSAGES.account.alreadyVerified);

      // Count the attempt before checking it, atomically: at most MAX_CODE_ATTEMPTS checks per code, even in parallel.
      const [pending] = await app.db
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} + 1` })
        .where(and(eq(emailVerifications.userId, user.id), lt(emailVerifications.attempts, MAX_CODE_ATTEMPTS)))
        .returning();
      if (!pending) {
        const [spent] = await app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
        throw badRequest(spent ? MESSAGES.account.tooManyCodeAttempts : MESSAGES.account.codeExpired);
      }
      const now = app.clock.now();
      if (pending.expiresAt <= now) throw badRequest(MESSAGES.account.codeExpired);
      if (!(await verifyCode(code, pending.codeHash))) {
        throw badRequest(
          pending.attempts >= MAX_CODE_ATTEMPTS ? MESSAGES.account.tooManyCodeAttempts : MESSAGES.verify.invalidCode,
        );
      }

      const verified = await app.db.transaction(async (tx) => {
        await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        return row ?? user;
      });
      sendMail(app, welcomeEmail(app.config, verified.email, verified.firstName));
      return { data: { user: toUser(verified) }, message: MESSAGES.verify.success };
    },
  );
};
export default route;
