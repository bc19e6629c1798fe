/**
 * No overselling: 200 students check out the last 5 units at the same
 * moment. Exactly 5 checkouts reserve a unit, the other 195 are told it is
 * being bought; the 5 are paid and fulfilled; the stock ends at 0, never
 * below. On PostgreSQL the requests run over several pooled connections, so
 * this is the products' row lock at work, not a single connection's queue.
 *
 * On PGlite the 200 transactions run on this process's thread one after
 * another without an event-loop turn between them, so a winner's Paystack
 * initialize (sent once its reservation commits) is read only after the
 * refusals: on a busy machine past the client's 15 s. That winner gets the
 * 502 and its unit goes back on sale (docs/api.md, "The money path"); the
 * students told to try again then buy it.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@campus/shared/messages';
import { insertUser, markEmailVerified } from '../../src/accounts/repository';
import { createSession } from '../../src/accounts/service';
import { sqlClientOf } from '../../src/search';
import { get, onPostgres } from '../helpers';
import { checkoutBody, fillCart, initiate, shopWith, startBench, type Bench } from './harness';

jest.setTimeout(180_000);

const BUYERS = 200;
const UNITS = 5;

let bench: Bench;
beforeAll(async () => {
  bench = await startBench();
});
afterAll(async () => bench.close());

/** A verified student with a session, straight into the database (200 password hashes would only slow the test). */
async function quickBuyer(): Promise<{ email: string; token: string }> {
  const { app } = bench;
  const now = app.clock.now();
  const email = `racer-${randomUUID().slice(0, 8)}@campus.edu.ng`;
  const user = await insertUser(app.db, { email, passwordHash: 'not-used', firstName: 'Racer', lastName: 'Student', now });
  await markEmailVerified(app.db, user, now);
  const { token } = await createSession(app, user.id);
  return { email, token };
}

test(`${BUYERS} concurrent checkouts for the last ${UNITS} units: exactly ${UNITS} reserved and paid, stock never below 0 (${onPostgres ? 'PostgreSQL, pooled connections' : 'PGlite'})`, async () => {
  const { app, sandbox } = bench;
  const shop = await shopWith(app, 'Final-year project kit', '18,000', UNITS);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => quickBuyer()));
  const carts = await Promise.all(buyers.map((b) => fillCart(app, b.token, [{ productId: shop.product.id, quantity: 1 }])));
  const checkout = (i: number) => {
    const buyer = buyers[i];
    const cart = carts[i];
    if (!buyer || !cart) throw new Error(`no buyer ${i}`);
    return initiate(app, buyer.token, checkoutBody(buyer.email, cart));
  };
  const unitsBy = async () => {
    const { rows } = await sqlClientOf(app).query<{ status: string; units: string }>(
      'SELECT p.status, sum(pi.quantity)::text AS units FROM payment_items pi JOIN payments p ON p.id = pi.payment_id WHERE pi.product_id = $1 GROUP BY p.status',
      [shop.product.id],
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.units)]));
  };

  const answers = await Promise.all(buyers.map((_, i) => checkout(i)));
  const won = answers.filter((a) => a.status === 200);
  const unreached = answers.filter((a) => a.status === 502);
  const refused = answers.flatMap((a, i) => (a.status === 409 ? [i] : []));
  // Every checkout reserved a unit (a page, or Paystack not heard in time) or was told it is being bought: none while one was free.
  expect(won.length).toBeLessThanOrEqual(UNITS);
  expect(won.length + unreached.length).toBeGreaterThanOrEqual(UNITS);
  expect(refused).toHaveLength(BUYERS - won.length - unreached.length);
  for (const i of refused) expect(answers[i]?.body.message).toMatch(/being bought by someone else/);
  for (const a of unreached) expect(a.body.message).toBe(MESSAGES.payment.providerDown);
  // A checkout without a page holds nothing: its unit went back on sale at once.
  expect(await unitsBy()).toEqual({ pending: won.length, ...(unreached.length > 0 ? { failed: unreached.length } : {}) });

  // The refused students try again, as they were told: the units given back are bought, and no sixth checkout holds one.
  const pages = won.flatMap((a) => (a.data ? [a.data] : []));
  const left = UNITS - won.length;
  for (const i of refused.slice(0, left)) {
    const again = await checkout(i);
    expect(again.status).toBe(200);
    if (again.data) pages.push(again.data);
  }
  const sixth = await checkout(refused[left] ?? -1);
  expect(sixth.status).toBe(409);
  expect(sixth.body.message).toMatch(/being bought by someone else/);
  expect(pages).toHaveLength(UNITS);
  expect((await unitsBy()).pending).toBe(UNITS);

  for (const page of pages) sandbox.act(page.access_code, 'pay');
  await bench.settle();

  const { rows: orders } = await sqlClientOf(app).query<{ n: string }>('SELECT count(*)::text AS n FROM orders WHERE seller_id = $1', [
    shop.sellerId,
  ]);
  expect(Number(orders[0]?.n)).toBe(UNITS);
  expect((await get(app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 0, inStock: false });
  const payouts = await get(app, `/sellers/${shop.sellerId}/payouts`, shop.token);
  expect(payouts.body.data).toMatchObject({ held: '90000.00' });
});
