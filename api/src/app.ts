/**
 * Builds the application (plugins and routes) without listening, so tests use
 * app.inject and server.ts owns the process. Opens and migrates the database
 * first: a locked PGlite directory fails here, before anything else starts.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { systemClock, type Clock } from './lib/clock';
import { catalogueIsEmpty, seedCatalogueDemo } from './catalogue';
import { fillCanonicalEmails, SESSION_LIFETIMES, type SessionLifetimes } from './accounts';
import { checkStoredNames, databaseSentMailRecord, logNameReport } from './platform';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import inputGuard from './plugins/input-guard';
import securityHeaders from './plugins/security-headers';
import mailerPlugin from './plugins/mailer';
import rateLimitsPlugin, { DEFAULT_RATE_LIMITS, scaledPerAddress, type RateLimits } from './plugins/rate-limits';
import swaggerPlugin from './plugins/swagger';
import routeMap from './routes';
import type { BankAccounts } from './sellers';
import type { DemoAccount } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    /** How long session tokens live (accounts/session-lifetimes.ts SESSION_LIFETIMES). */
    sessionLifetimes: SessionLifetimes;
    /** Demo accounts created at this start (empty unless the embedded database was empty). */
    demoAccounts: DemoAccount[];
  }
}

export interface BuildOptions {
  clock?: Clock;
  /** Session token lifetimes (tests whose fake clock runs for days keep their sessions with longer ones). */
  sessionLifetimes?: SessionLifetimes;
  rateLimits?: Partial<RateLimits>;
  /**
   * Seed demo accounts and listings into an empty database. Default: into an embedded one, not in
   * production. `true` seeds a PostgreSQL server's too (the cluster's one-off preparation step,
   * scripts/prepare-database.ts), never one that already has accounts.
   */
  seedDemoData?: boolean;
  /** How payout accounts are checked (default: with Paystack or its sandbox). */
  bankAccounts?: BankAccounts;
}

/** TRUST_PROXY=N: the nearest N proxies (what proxy-addr does with a number; Fastify's types take a function). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase(config.database);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Our own id for every request: a client's X-Request-Id is not trusted as the log's key.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Behind a reverse proxy every student would otherwise share the proxy's address (and its limits).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    app.decorate('clock', options.clock ?? systemClock);
    app.decorate('sessionLifetimes', options.sessionLifetimes ?? SESSION_LIFETIMES);
    app.decorate('demoAccounts', []);

    await app.register(dbPlugin, { database });
    await app.register(errorsPlugin);
    await app.register(inputGuard);
    await app.register(securityHeaders);
    // @fastify/cors allows only GET, HEAD and POST by default; the browser also sends PUT, PATCH and DELETE.
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
    await app.register(rateLimitsPlugin, {
      limits: { ...scaledPerAddress(DEFAULT_RATE_LIMITS, config.rateLimitScale), ...options.rateLimits },
    });
    await app.register(swaggerPlugin);
    await app.register(mailerPlugin, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      print: config.mailPrint,
      sentRecord: config.testSupportSecret !== null && config.nodeEnv !== 'production' ? databaseSentMailRecord(app.db) : null,
    });
    // Every domain's plugin and route (routes.ts).
    await app.register(routeMap, { bankAccounts: options.bankAccounts });

    await app.ready();
    const seed = options.seedDemoData === true || (options.seedDemoData !== false && config.nodeEnv !== 'production' && database.embedded);
    if (seed) {
      app.demoAccounts = await seedDemoData(app);
      // A fresh database also gets demo stores and listings.
      if (app.demoAccounts.length > 0 && (await catalogueIsEmpty(app))) app.demoAccounts.push(...(await seedCatalogueDemo(app)));
    }
    // Accounts from before one-account-per-mailbox (and the demo's) get their mailbox; duplicates are logged.
    await fillCanonicalEmails(app);
    // Names stored before the rules of names: reported (never changed), and stores' name keys filled in.
    logNameReport(app.log, await checkStoredNames(app.db));
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
