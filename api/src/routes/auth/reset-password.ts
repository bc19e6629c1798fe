import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { resetPasswordBodySchema } from '@campus/shared/schemas';
import { passwordResets, users } from '../../db/schema';
import { hashPassword, hashToken } from '../../lib/crypto';
import { badRequest } from '../../lib/http-errors';
import { revokeUserSessions } from '../../lib/sessions';
import { ipLimit } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset-password',
    {
      config: ipLimit(app, 'resetPassword'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed token (single use, 1 hour); signs out every session',
        body: resetPasswordBodySchema,
        response: { 200: envelope(z.null()), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      const now = app.clock.now();
      const usable = and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
      // The token first (a cheap indexed lookup): a bogus token must not cost a password hash.
      const [pending] = await app.db.select({ id: passwordResets.id }).from(passwordResets).where(usable).limit(1);
      if (!pending) throw badRequest(MESSAGES.validation.invalidResetLink);
      const passwordHash = await hashPassword(newPassword);
      const done = await app.db.transaction(async (tx) => {
        // Claiming the token and using it is one conditional update: a token works once, even in parallel.
        const [claimed] = await tx.update(passwordResets).set({ usedAt: now }).where(usable).returning();
        if (!claimed) return false;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
        // Any other outstanding link for this account is void too.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
        await revokeUserSessions(tx, claimed.userId, now);
        return true;
      });
      if (!done) throw badRequest(MESSAGES.validation.invalidResetLink);
      return { data: null, message: MESSAGES.password.resetSuccess };
    },
  );
};
export default route;
