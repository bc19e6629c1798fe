/**
 * Hourly clean-up: rows that only keep the tables growing and can
 * never be used again. Sessions expired or revoked a day ago, reset links used
 * or expired a day ago, accounts never verified within their 24 hours, ended
 * rate-limit windows, and typo-tolerance words no indexed product has any
 * more (a word dropped while a product with it is being saved only costs its
 * typo matching until the product is saved again).
 *
 * On the embedded database it then vacuums the busy tables and analyzes: PGlite runs no
 * autovacuum, so without this the rows every request updates (rate-limit
 * windows) and deletes leave dead space that grows, and the planner's
 * statistics stay those of the last catalogue rebuild while the catalogue
 * grows (a search then reads the whole table instead of its full-text index).
 * PostgreSQL's autovacuum does this itself.
 */
import fp from 'fastify-plugin';
import {
  deleteResetLinksEndedBefore,
  deleteSessionsEndedBefore,
  deleteUnverifiedUsersCreatedBefore,
  UNVERIFIED_ACCOUNT_TTL_MS,
} from '../accounts';
import { pruneUnusedWords, sqlClientOf } from '../search';

const DAY = 24 * 60 * 60 * 1000;
/**
 * The tables whose rows requests update or delete all day (every rate-limited request updates a
 * counter): vacuumed. Only these, because PGlite has one connection and every request waits for
 * a VACUUM; every table is then analyzed, which reads a bounded sample of each.
 */
const CHURNING_TABLES = [
  'rate_counters',
  'sessions',
  'password_resets',
  'email_verifications',
  'users',
  'carts',
  'cart_items',
  'wishlist_items',
  'products',
  'search_records',
  'search_documents',
  'search_words',
  'outbox_emails',
] as const;
const EVERY_MS = 60 * 60 * 1000;

export interface HousekeepingReport {
  sessions: number;
  resetLinks: number;
  unverifiedAccounts: number;
  rateCounters: number;
  searchWords: number;
  /** Whether the busy tables were vacuumed and every table analyzed (the embedded database only). */
  vacuumed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the clean-up now (it also runs every hour); answers what went. */
    housekeeping: () => Promise<HousekeepingReport>;
  }
}

export default fp(
  async (app) => {
    const run = async (): Promise<HousekeepingReport> => {
      const now = app.clock.now();
      const dayAgo = new Date(now.getTime() - DAY);
      const report: HousekeepingReport = {
        sessions: await deleteSessionsEndedBefore(app.db, dayAgo),
        resetLinks: await deleteResetLinksEndedBefore(app.db, dayAgo),
        unverifiedAccounts: await deleteUnverifiedUsersCreatedBefore(app.db, new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS)),
        // A day past their end: a lock-out's strikes look back that far.
        rateCounters: await app.counters.prune(dayAgo),
        searchWords: 0,
        vacuumed: false,
      };
      if (app.config.catalogue.search.mode === 'builtin') report.searchWords = await pruneUnusedWords(sqlClientOf(app));
      if (app.config.database.kind === 'pglite') {
        // Apart from the clean-up above: if it fails, what was deleted is still reported.
        const started = Date.now();
        try {
          await sqlClientOf(app).query(`VACUUM ${CHURNING_TABLES.join(', ')}`);
          await sqlClientOf(app).query('ANALYZE');
          report.vacuumed = true;
          app.log.info({ ms: Date.now() - started }, 'housekeeping: embedded database vacuumed and analyzed');
        } catch (error) {
          app.log.warn({ err: error }, 'housekeeping: VACUUM/ANALYZE failed; will run again');
        }
      }
      return report;
    };
    app.decorate('housekeeping', run);
    const timer = setInterval(() => {
      run().catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed; will run again'));
    }, EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['db'] },
);
