/**
 * The route map: every HTTP route the API serves is registered here and
 * nowhere else.
 *
 * - /api/v1: each domain's routes (its `routes.ts` lists them from the
 *   endpoint contract). Public ones are registered as they are; signed-in
 *   ones inside one scope whose single `onRequest` hook authenticates, so no
 *   route repeats that check and none can forget it.
 * - /api/v1/payments/webhook: Paystack's signed events (raw body; payments/routes.ts).
 * - /1/*: the Algolia protocol of the built-in search engine (without Algolia).
 * - /dev/mailbox: the development mailbox (not in production, not with SMTP).
 * - /api/openapi.json: the OpenAPI document built from the same routes.
 *
 * A new domain adds one line to DOMAINS.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { API_BASE_PATH } from '@campus/shared/constants';
import { accountRoutes } from './accounts/routes';
import { registerMultipart } from './http/multipart';
import { cartRoutes } from './cart/routes';
import { categoryRoutes } from './categories/routes';
import { toRouteOptions, type ApiRoute, type DomainRoutes } from './http/route';
import devMailbox from './platform/dev-mailbox';
import { platformRoutes } from './platform/routes';
import { disputeRoutes, orderRoutes, paymentRoutes, webhookRoute } from './money';
import { productRoutes } from './products/routes';
import algoliaProtocolRoutes from './search/protocol/routes';
import { sellerRoutes } from './sellers/routes';
import { wishlistRoutes } from './wishlist/routes';

const DOMAINS: readonly DomainRoutes[] = [
  platformRoutes,
  accountRoutes,
  sellerRoutes,
  productRoutes,
  categoryRoutes,
  cartRoutes,
  wishlistRoutes,
  paymentRoutes,
  orderRoutes,
  disputeRoutes,
];

/** Every /api/v1 route, built with this app's settings (the route-map test compares them with the contract). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return DOMAINS.flatMap((domain) => domain(app));
}

const apiV1: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const all = apiRoutes(app);
  for (const apiRoute of all.filter((r) => r.endpoint.access === 'public')) app.route(toRouteOptions(app, apiRoute));
  // Paystack's webhook: signed raw bytes, not part of the browser's contract.
  await app.register(webhookRoute);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    for (const apiRoute of all.filter((r) => r.endpoint.access === 'signed-in')) signedIn.route(toRouteOptions(signedIn, apiRoute));
  });
};

const routeMap: FastifyPluginAsync = async (app) => {
  await app.register(apiV1, { prefix: API_BASE_PATH });

  const { engine, config } = app.catalogue;
  if (engine) await app.register(algoliaProtocolRoutes, { engine, appId: config.search.appId, apiKey: config.search.searchApiKey });

  if (app.config.nodeEnv !== 'production' && !app.config.smtpUrl) await app.register(devMailbox, { prefix: '/dev' });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
export default routeMap;
