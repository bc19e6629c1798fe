import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { revokeSession } from '../../lib/sessions';
import { requireAuth } from '../../plugins/auth';

const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logout',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes this token',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(z.null()), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      await revokeSession(app.db, requireAuth(request).sessionId, app.clock.now());
      return { data: null, message: MESSAGES.account.loggedOut };
    },
  );
};
export default route;
