/**
 * Expired sessions, used reset links, lapsed unverified accounts, ended counters and orphaned search words are pruned.
 * On the embedded database (no autovacuum) the planner's statistics follow the catalogue.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResets, sessions, users } from '../../src/db/schema';
import { ManualClock } from '../../src/lib/clock';
import { sqlClientOf } from '../../src/search';
import { catalogueTestApp, createProduct, send, sellerAccount } from '../catalogue-helpers';
import { post, register, signedIn } from '../helpers';

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await catalogueTestApp({}, { clock });
});
afterAll(async () => app.close());

const sessionsOf = async (userId: string) => (await app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const userId = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
const hasWord = async (word: string) =>
  (await sqlClientOf(app).query('SELECT 1 FROM search_words WHERE word = $1', [word])).rows.length > 0;

test('what can never be used again goes; what still can stays', async () => {
  // A signed-out session with a reset link, an account never verified, and a student still signed in.
  const leaving = await signedIn(app);
  expect((await post(app, '/auth/logout', {}, leaving.token)).status).toBe(200);
  await post(app, '/auth/forgot-password', { email: leaving.email });
  const lapsing = await register(app);
  const staying = await signedIn(app);

  // Typo-tolerance words of a deleted product, beside a product that stays.
  const seller = await sellerAccount(app);
  const gone = await createProduct(app, seller.token, seller.sellerId, { name: 'Zanzibarite kettle' });
  await createProduct(app, seller.token, seller.sellerId, { name: 'Quokkaesque lamp' });
  expect(await hasWord('zanzibarite')).toBe(true);
  expect((await send(app, 'DELETE', `/sellers/${gone.id}`, seller.token)).status).toBe(200);

  clock.advance(2 * DAY);
  // The staying student signs in again today: a fresh session that must survive.
  expect((await post(app, '/auth/login', { email: staying.email, password: 'secret-pass-1' })).status).toBe(200);
  const report = await app.housekeeping();

  expect(await sessionsOf(await userId(leaving.email))).toBe(0);
  expect(
    (
      await app.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, await userId(leaving.email)))
    ).length,
  ).toBe(0);
  expect(await userId(lapsing)).toBe('');
  expect(await sessionsOf(await userId(staying.email))).toBeGreaterThan(0);
  expect(await userId(staying.email)).not.toBe('');
  expect(await hasWord('zanzibarite')).toBe(false);
  expect(await hasWord('quokkaesque')).toBe(true);
  expect(report).toMatchObject({ sessions: expect.any(Number), unverifiedAccounts: expect.any(Number) });
  expect(report.searchWords).toBeGreaterThan(0);
  // Counters whose windows ended a day ago went too.
  const { rows } = await sqlClientOf(app).query<{ n: string }>('SELECT count(*)::text AS n FROM rate_counters WHERE reset_at < $1', [
    new Date(clock.now().getTime() - DAY).toISOString(),
  ]);
  expect(Number(rows[0]?.n)).toBe(0);
});

// PostgreSQL's autovacuum keeps its statistics; PGlite has none, so housekeeping does it.
const onEmbedded = process.env.DATABASE_URL ? test.skip : test;
onEmbedded('on the embedded database the planner learns how many products are indexed now, not at the last rebuild', async () => {
  // search_records holds the full-text index a search reads; search_documents what it answers with.
  const rowsThePlannerKnows = async (table: string) =>
    Number(
      (await sqlClientOf(app).query<{ n: string }>('SELECT reltuples::bigint::text AS n FROM pg_class WHERE relname = $1', [table])).rows[0]
        ?.n,
    );
  const rowsIn = async (table: string) =>
    Number((await sqlClientOf(app).query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n);
  const seller = await sellerAccount(app);
  for (const name of ['Axolotl mug', 'Pangolin scarf', 'Narwhal lamp']) await createProduct(app, seller.token, seller.sellerId, { name });
  for (const table of ['search_records', 'search_documents']) {
    expect(await rowsIn(table)).toBeGreaterThanOrEqual(3);
    expect(await rowsThePlannerKnows(table)).not.toBe(await rowsIn(table));
  }

  const report = await app.housekeeping();
  expect(report.vacuumed).toBe(true);
  for (const table of ['search_records', 'search_documents']) expect(await rowsThePlannerKnows(table)).toBe(await rowsIn(table));
});
