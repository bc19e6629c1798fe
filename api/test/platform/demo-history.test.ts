/**
 * The demo's term of history, made as server.ts makes it: on a fresh
 * database with the demo stores, through the services, on the Paystack
 * sandbox, before the API listens. Its money adds up (every journal balances,
 * each store's held / available / paid-out figures are its ledger's and match
 * its orders and payouts), every order was paid the way a real one is (a
 * sandbox transaction, a verified payment, then the webhook), dates spread
 * over the term, the demo buyer has orders in every state, and it is made once.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buyerOrderSchema, storeProductViewsSchema, type BuyerOrder } from '@campus/shared/schemas';
import { seedCatalogueDemo } from '../../src/catalogue';
import { DEMO_STORES } from '../../src/catalogue';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/seed';
import { DEMO_HISTORY_DAYS, demoHistoryWanted, seedDemoHistory, type DemoHistorySummary } from '../../src/demo';
import { freePort } from '../../src/lib/free-port';
import { buildPaystackSandbox, type PaystackSandbox } from '../../src/money/payments/sandbox/server';
import { sqlClientOf } from '../../src/search';
import { catalogueTestApp } from '../catalogue-helpers';
import { get, login, post } from '../helpers';

jest.setTimeout(900_000);

const SECRET = 'sk_test_campus_marketplace_demo';
const domain = `demo${randomUUID().slice(0, 6)}.edu.ng`;
const DAY = 86_400_000;
let app: FastifyInstance;
let sandbox: PaystackSandbox;
let summary: DemoHistorySummary;
let seconds = 0;

beforeAll(async () => {
  const apiPort = await freePort();
  sandbox = buildPaystackSandbox({
    secretKey: SECRET,
    publicUrl: 'http://sandbox.invalid',
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: null,
    // Paystack retries a webhook the API did not take (it is not listening yet): quickly here, for 20 minutes,
    // longer than the seeding takes on a loaded 2-core machine (2 minutes of retries ran out there: 16 of 74 lost).
    retryDelaysMs: Array.from({ length: 400 }, () => 3000),
    settleDelayMs: 20,
    logLevel: 'silent',
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const sandboxPort = (sandbox.app.server.address() as { port: number }).port;
  app = await catalogueTestApp({
    UNIVERSITY_EMAIL_DOMAIN: domain,
    SEARCH_INDEX_NAME: `demo_${randomUUID().slice(0, 8)}`,
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    // The payout rhythm `npm start` has (the tests' default pays at every run).
    PAYOUT_INTERVAL_HOURS: '24',
    PAYOUT_MINIMUM_NAIRA: '1000',
  });
  await seedDemoData(app);
  await seedCatalogueDemo(app);
  expect(await demoHistoryWanted(app)).toBe(true);
  const t0 = Date.now();
  summary = await seedDemoHistory(app, sandbox);
  seconds = (Date.now() - t0) / 1000;
  process.stdout.write(`demo history: ${summary.orders} orders in ${seconds} s\n`);
  await app.listen({ port: apiPort, host: '127.0.0.1' });
  // The webhooks Paystack retries (every 3 s here) arrive and are processed.
  const sqlc = sqlClientOf(app);
  for (let i = 0; i < 240; i += 1) {
    await new Promise((r) => setTimeout(r, 500));
    await app.payments.idle();
    const { rows: left } = await sqlc.query<{ n: string }>(
      `SELECT count(*) AS n FROM payments p WHERE NOT EXISTS (SELECT 1 FROM paystack_events e WHERE e.reference = p.reference AND e.event = 'charge.success' AND e.processed_at IS NOT NULL)`,
    );
    if (Number(left[0]?.n) === 0) break;
  }
});
afterAll(async () => {
  await app.close();
  sandbox.webhooks.close();
  await sandbox.app.close();
});

const sql = () => sqlClientOf(app);
const rows = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await sql().query<T>(text, params)).rows;

it('is made in seconds, once', async () => {
  expect(summary.orders).toBeGreaterThan(60);
  // Seconds on a quiet machine (about 20 of CPU); a loaded one stretches it, so the bound is loose.
  expect(seconds).toBeLessThan(400);
  expect(await demoHistoryWanted(app)).toBe(false);
});

it('gives the demo buyer orders in every state, a completion code to accept with, and one to dispute', async () => {
  const token = await login(app, `buyer@${domain}`, DEMO_PASSWORD);
  const orders: BuyerOrder[] = ((await get(app, '/orders/user?limit=100', token)).body.data as unknown[]).map((o) =>
    buyerOrderSchema.parse(o),
  );
  const statuses = new Set(orders.map((o) => o.orderStatus));
  expect([...statuses].sort()).toEqual(['CANCELLED', 'CONFIRMED', 'DELIVERED', 'PENDING', 'PROCESSING']);
  expect(orders.some((o) => o.orderStatus === 'DELIVERED' && o.orderItems.some((i) => i.rating))).toBe(true);
  expect(orders.find((o) => o.orderCode === summary.toDispute?.orderCode)).toMatchObject({ disputable: true });

  const accept = summary.toAccept;
  if (!accept) throw new Error('no order to accept');
  const open = orders.find((o) => o.orderCode === accept.orderCode);
  expect(open).toMatchObject({ orderStatus: 'PENDING', completionCode: accept.completionCode });
  const store = await login(app, accept.storeEmail, DEMO_PASSWORD);
  const done = await post(app, '/orders/complete', { orderId: open?.id ?? '', code: accept.completionCode }, store);
  expect(done.status).toBe(200);
});

it('spreads over the term: orders in at least ten different weeks, the oldest about eleven weeks ago', async () => {
  const [span] = await rows<{ oldest: Date; weeks: string }>(
    `SELECT min(created_at) AS oldest, count(DISTINCT date_trunc('week', created_at)) AS weeks FROM orders`,
  );
  expect(Date.now() - new Date(span?.oldest ?? 0).getTime()).toBeGreaterThan((DEMO_HISTORY_DAYS - 10) * DAY);
  expect(Number(span?.weeks)).toBeGreaterThanOrEqual(10);
});

it('every order was paid as a real one is: a sandbox transaction, a verified payment, the webhook, the ledger', async () => {
  const payments = await rows<{ reference: string; status: string; paystack_id: string | null }>(
    `SELECT p.reference, p.status FROM payments p`,
  );
  expect(payments.length).toBe(summary.orders);
  const atSandbox = new Map(sandbox.store.transactions.map((t) => [t.reference, t.status]));
  for (const p of payments) {
    expect(p.status).toBe('success');
    expect(atSandbox.get(p.reference)).toMatch(/success|reversed/);
  }
  // Paystack's charge.success for each arrived once the API listened, and was processed (already fulfilled: nothing twice).
  const events = await rows<{ reference: string }>(
    `SELECT reference FROM paystack_events WHERE event = 'charge.success' AND processed_at IS NOT NULL AND error IS NULL`,
  );
  expect(new Set(events.map((e) => e.reference))).toEqual(new Set(payments.map((p) => p.reference)));
  // Every order has its payment journal in the ledger; each refund its refund journal.
  const [unpaid] = await rows<{ n: string }>(
    `SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.kind = 'payment' AND l.payment_id = o.payment_id)`,
  );
  expect(Number(unpaid?.n)).toBe(0);
  const [unrefunded] = await rows<{ n: string }>(
    `SELECT count(*) AS n FROM orders o WHERE o.status = 'CANCELLED' AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)`,
  );
  expect(Number(unrefunded?.n)).toBe(0);
});

it("balances: every journal sums to zero, and each store's held, available and paid-out figures are its ledger's and its orders'", async () => {
  const unbalanced = await rows(`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount_kobo) <> 0`);
  expect(unbalanced).toEqual([]);
  for (const demo of DEMO_STORES) {
    const token = await login(app, `${demo.owner.local}@${domain}`, DEMO_PASSWORD);
    const storeId = ((await get(app, '/seller/profile', token)).body.data as { id: string }).id;
    const money = (await get(app, `/sellers/${storeId}/payouts`, token)).body.data as {
      held: string;
      available: string;
      paidOut: string;
      payouts: Array<{ status: string }>;
    };
    const kobo = (naira: string) => Math.round(Number(naira) * 100);
    const figures = { store: demo.key, held: kobo(money.held), available: kobo(money.available), paidOut: kobo(money.paidOut) };
    expect(figures).toEqual({ store: demo.key, held: expect.any(Number), available: expect.any(Number), paidOut: expect.any(Number) });
    if (!(figures.held > 0 && figures.available > 0 && figures.paidOut > 0))
      throw new Error(`figures: ${JSON.stringify(figures)} ${JSON.stringify(money.payouts.slice(0, 3))}`);
    // Held: the totals of the store's open orders.
    const [open] = await rows<{ kobo: string }>(
      `SELECT coalesce(sum(total_kobo), 0) AS kobo FROM orders WHERE seller_id = $1 AND status IN ('PENDING', 'CONFIRMED', 'PROCESSING')`,
      [storeId],
    );
    expect(kobo(money.held)).toBe(Number(open?.kobo));
    // Paid out: the store's payouts Paystack settled.
    const [paid] = await rows<{ kobo: string }>(
      `SELECT coalesce(sum(amount_kobo), 0) AS kobo FROM payouts WHERE seller_id = $1 AND status = 'success'`,
      [storeId],
    );
    expect(kobo(money.paidOut)).toBe(Number(paid?.kobo));
    expect(money.payouts.filter((p) => p.status === 'success').length).toBeGreaterThan(3);
  }
  // One transfer the bank failed a month ago: its money came back and left again.
  const failed = await rows(`SELECT id FROM payouts WHERE status = 'failed'`);
  expect(failed.length).toBeGreaterThanOrEqual(1);
});

it("counts product views over the term, and the store's figures show views and orders per product", async () => {
  const demo = DEMO_STORES[0];
  if (!demo) throw new Error('no demo store');
  const token = await login(app, `${demo.owner.local}@${domain}`, DEMO_PASSWORD);
  const storeId = ((await get(app, '/seller/profile', token)).body.data as { id: string }).id;
  const figures = storeProductViewsSchema.parse((await get(app, `/sellers/${storeId}/product-views`, token)).body.data);
  expect(figures.totalViews).toBeGreaterThan(50);
  const sold = figures.products.filter((p) => p.orders > 0);
  expect(sold.length).toBeGreaterThan(2);
  for (const p of sold) expect(p.views).toBeGreaterThanOrEqual(p.orders);
  // No dedupe row of a past day is left.
  const [past] = await rows<{ n: string }>(`SELECT count(*) AS n FROM product_views_seen WHERE day < current_date`);
  expect(Number(past?.n)).toBe(0);
});
