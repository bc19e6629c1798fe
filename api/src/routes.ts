/**
 * The route map: every domain's wiring (its plugin) and every HTTP route the
 * API serves are registered here and nowhere else. app.ts registers the
 * infrastructure (plugins/: database, errors, mailer, limits, security
 * headers, OpenAPI), then this.
 *
 * - Domain plugins: accounts (app.authenticate), catalogue (photos, search
 *   index, built-in engine), payments (Paystack client, payments service),
 *   sellers (payout-account check, answered by payments), platform (hourly housekeeping).
 * - /api/v1: each domain's routes (its `routes.ts` lists them from the
 *   endpoint contract). Public ones are registered as they are; signed-in
 *   ones inside one scope whose single `onRequest` hook authenticates, so no
 *   route repeats that check and none can forget it.
 * - /api/v1/payments/webhook: Paystack's signed events (raw body; payments/routes.ts).
 * - /api/v1/events/stream: the signed-in browser's event stream (messages/stream.ts).
 * - /api/v1/csp-reports: browsers' CSP violation reports, logged (platform/csp-reports.ts).
 * - /1/*: the Algolia protocol of the built-in search engine (without Algolia).
 * - /dev/mailbox: the development mailbox (not in production, not with SMTP).
 * - /test-support: what QA's journeys read from an environment (TEST_SUPPORT_SECRET; never in production).
 * - /api/openapi.json: the OpenAPI document built from the same routes.
 *
 * A new domain adds one line to DOMAINS (and its plugin, if it has one, to routeMap).
 * Domains are imported through their index.ts, their wiring (routes, plugins) through their
 * wiring.ts, which nothing but this file imports (lint: docs/api.md, "API domains").
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@campus/shared/constants';
import { accountRoutes, authPlugin } from './accounts/wiring';
import { cartRoutes } from './cart/wiring';
import { cataloguePlugin } from './catalogue/wiring';
import { categoryRoutes } from './categories/wiring';
import { registerMultipart } from './http/multipart';
import { toRouteOptions, type ApiRoute, type DomainRoutes } from './http/route';
import { eventStreamPlugin, eventStreamRoute, messageRoutes } from './messages/wiring';
import { paystackBankAccounts, queueEmail } from './money';
import { disputeRoutes, orderRoutes, paymentRoutes, webhookRoute } from './money/wiring';
import { isOperator } from './ops';
import { opsRoutes } from './ops/wiring';
import { backupEndpoint } from './backup/wiring';
import { cspReportRoute, devMailbox, housekeepingPlugin, platformRoutes, testSupport } from './platform/wiring';
import paymentsPlugin from './plugins/payments';
import { productRoutes, productViewsPlugin } from './products/wiring';
import { algoliaProtocolRoutes } from './search/wiring';
import { catalogueUserExtras, type BankAccounts } from './sellers';
import { bankAccountsPlugin, sellerRoutes } from './sellers/wiring';
import { wishlistRoutes } from './wishlist/wiring';

const DOMAINS: readonly DomainRoutes[] = [
  platformRoutes,
  // The signed-in user carries their store and cart (the sellers domain answers for both) and whether they are an operator.
  (app) =>
    accountRoutes(app, async (db, userId) => ({ ...(await catalogueUserExtras(db, userId)), isOperator: await isOperator(db, userId) })),
  sellerRoutes,
  productRoutes,
  categoryRoutes,
  cartRoutes,
  wishlistRoutes,
  paymentRoutes,
  orderRoutes,
  disputeRoutes,
  messageRoutes,
  opsRoutes,
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
  // The signed-in browser's Server-Sent Events (bearer token or ticket; messages/stream.ts).
  await app.register(eventStreamRoute);
  // Browsers' Content-Security-Policy violation reports (their own media types; platform/csp-reports.ts).
  await app.register(cspReportRoute);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    for (const apiRoute of all.filter((r) => r.endpoint.access === 'signed-in')) signedIn.route(toRouteOptions(signedIn, apiRoute));
  });
};

export interface RouteMapOptions {
  /** How payout accounts are checked (default: with Paystack or its sandbox). */
  bankAccounts?: BankAccounts;
}

/** Wrapped with fastify-plugin: what the domain plugins decorate (app.catalogue, app.payments, ...) is the app's. */
const routeMap = fp<RouteMapOptions>(
  async (app, options) => {
    await app.register(authPlugin);
    await app.register(cataloguePlugin);
    await app.register(productViewsPlugin);
    await app.register(paymentsPlugin);
    // Sellers check payout accounts through a port; payments answers it with Paystack.
    await app.register(bankAccountsPlugin, { bankAccounts: options.bankAccounts ?? paystackBankAccounts(app.paystack, app.clock) });
    await app.register(housekeepingPlugin);
    // Messages queue their unread e-mails in the money domain's outbox (flushed by its reconciliation).
    await app.register(eventStreamPlugin, { queueEmail });

    await app.register(apiV1, { prefix: API_BASE_PATH });

    const { engine, config } = app.catalogue;
    if (engine) await app.register(algoliaProtocolRoutes, { engine, appId: config.search.appId, apiKey: config.search.searchApiKey });

    if (app.config.nodeEnv !== 'production' && !app.config.smtpUrl) await app.register(devMailbox, { prefix: '/dev' });
    // npm run backup's way to the embedded database while it runs (PostgreSQL's copy is pg_dump's).
    await app.register(backupEndpoint);
    const { testSupportSecret } = app.config;
    if (testSupportSecret && app.config.nodeEnv === 'production') {
      // Whatever the configuration says, production never reads out the e-mails it sends.
      app.log.warn('TEST_SUPPORT_SECRET is ignored under NODE_ENV=production: the test-support interface is never on there');
    } else if (testSupportSecret) {
      await app.register(testSupport, { prefix: '/test-support', secret: testSupportSecret });
    }

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'route-map' },
);
export default routeMap;
