import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBodySchema } from '@campus/shared/http';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../../lib/http-errors';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ reachable: z.literal(true), driver: z.enum(['pglite', 'postgres']) }),
  time: z.string(),
});

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelope(healthSchema), 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new HttpError(503, MESSAGES.generic.databaseUnreachable);
      }
      return {
        data: {
          status: 'ok' as const,
          database: { reachable: true as const, driver: app.database.driver },
          time: new Date().toISOString(),
        },
      };
    },
  );
};
export default route;
