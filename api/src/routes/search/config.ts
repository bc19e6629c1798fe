/**
 * GET /api/v1/search/config — what the browser's algoliasearch client needs:
 * app id, a search-only key, the index name, and (for the built-in service)
 * the host to send queries to: this API.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@campus/shared/http';
import { searchClientConfigSchema } from '@campus/shared/schemas';

const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { tags: ['search'], summary: 'Search client settings for the browser', response: { 200: envelope(searchClientConfigSchema) } } },
    async (request) => {
      const s = app.config.catalogue.search;
      const base = { appId: s.appId, apiKey: s.searchApiKey, indexName: s.indexName };
      if (s.mode === 'algolia') return { data: base };
      const protocol = request.protocol === 'https' ? ('https' as const) : ('http' as const);
      return { data: { ...base, hosts: [{ url: request.host, protocol }] } };
    },
  );
};
export default route;
