/**
 * Types every route file shares: who is signed in (request.auth, set by accounts' plugin) and a
 * demo account. Each plugin declares what it adds to Fastify beside its decorate() call: app.ts
 * (config, clock, session lifetimes, demo accounts), plugins/db, plugins/mailer,
 * plugins/rate-limits, accounts/plugin (authenticate, sessionEnds, request.auth) and
 * messages/plugin (events), like the domain plugins (catalogue, products, sellers, payments, platform).
 */
import type { UserRow } from './db/schema';

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
