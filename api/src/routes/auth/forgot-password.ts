import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { emailOnlyBodySchema } from '@campus/shared/schemas';
import { passwordResets } from '../../db/schema';
import { findUserByEmail, RESET_TOKEN_TTL_MS, sendMail } from '../../lib/accounts';
import { generateToken, hashToken } from '../../lib/crypto';
import { resetEmail } from '../../lib/emails';
import { emailLimit, ipLimit } from '../../plugins/rate-limits';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgot-password',
    {
      config: ipLimit(app, 'forgotPassword'),
      preHandler: [emailLimit(app, 'forgotPassword')],
      schema: {
        tags: ['auth'],
        summary: 'E-mail a reset link when the account exists; always the same neutral answer',
        body: emailOnlyBodySchema(app.config.universityEmailDomain),
        response: { 200: envelope(z.null()), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app, request.body.email);
      if (user) {
        const token = generateToken();
        const now = app.clock.now();
        await app.db.insert(passwordResets).values({
          id: randomUUID(),
          userId: user.id,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        });
        sendMail(app, resetEmail(app.config, user.email, user.firstName, token));
      }
      return { data: null, message: MESSAGES.password.forgotSuccess };
    },
  );
};
export default route;
