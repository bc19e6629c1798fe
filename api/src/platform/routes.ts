/** Platform routes: health, and the search client's settings for the browser. */
import type { FastifyInstance } from 'fastify';
import { platform } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../http/errors';
import { route, type ApiRoute } from '../http/route';

export function platformRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(platform.health, async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new HttpError(503, MESSAGES.generic.databaseUnreachable);
      }
      const alerts = app.payments.moneyAlerts;
      return {
        data: {
          status: 'ok' as const,
          database: { reachable: true as const, driver: app.database.driver },
          time: new Date().toISOString(),
          ...(alerts.length > 0 ? { alerts: [...alerts] } : {}),
        },
      };
    }),

    // App id, a search-only key, the index name and, for the built-in engine, the host that answers Algolia's protocol: this API.
    // The address comes from configuration, never from the request's Host header (which anyone can write).
    route(platform.getSearchConfig, async () => {
      const s = app.config.catalogue.search;
      const base = { appId: s.appId, apiKey: s.searchApiKey, indexName: s.indexName };
      if (s.mode === 'algolia') return { data: base };
      const publicUrl = new URL(app.config.apiPublicUrl);
      return {
        data: {
          ...base,
          hosts: [{ url: publicUrl.host, protocol: publicUrl.protocol === 'https:' ? ('https' as const) : ('http' as const) }],
        },
      };
    }),
  ];
}
