/** What the plugins add to Fastify, declared once for every route file. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionEnds } from './accounts/session-ends';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { UserRow } from './db/schema';
import type { SessionLifetimes } from './accounts/session-lifetimes';
import type { Clock } from './lib/clock';
import type { EventHub } from './messages/event-hub';
import type { Mailer } from './plugins/mailer';
import type { CounterStore } from './limits/counters';
import type { RateLimits } from './plugins/rate-limits';

export interface AuthContext {
  sessionId: string;
  user: UserRow;
}

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  purpose: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    /** How long session tokens live (accounts/service.ts SESSION_LIFETIMES). */
    sessionLifetimes: SessionLifetimes;
    db: Db;
    database: Database;
    mailer: Mailer;
    limits: RateLimits;
    /** Where the security limits count: the database, or Redis when REDIS_URL is set. */
    counters: CounterStore;
    /** onRequest/preHandler guard: a valid, unrevoked token of a verified account, else 401/403. */
    authenticate: preHandlerAsyncHookHandler;
    /** Tells other domains, after the commit, that sessions of a user ended (accounts/session-ends.ts). */
    sessionEnds: SessionEnds;
    /** This instance's open event streams and how they are woken (messages/event-hub.ts). */
    events: EventHub;
    /** Demo accounts created at this start (empty unless the embedded database was empty). */
    demoAccounts: DemoAccount[];
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on public routes. */
    auth: AuthContext | null;
  }
}
