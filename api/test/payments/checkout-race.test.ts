/**
 * No overselling: 200 students check out the last 5 units at the same
 * moment. Exactly 5 checkouts reserve a unit, the other 195 are told it is
 * being bought; the 5 are paid and fulfilled; the stock ends at 0, never
 * below. On PostgreSQL the requests run over several pooled connections, so
 * this is the products' row lock at work, not a single connection's queue.
 */
import { randomUUID } from 'node:crypto';
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

  const answers = await Promise.all(
    buyers.map((b, i) =>
      initiate(app, b.token, checkoutBody(b.email, carts[i] ?? { cartId: null, totals: { totalItems: 0, totalPrice: '0' }, sellers: [] })),
    ),
  );
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status !== 200);
  expect(won).toHaveLength(UNITS);
  expect(new Set(lost.map((a) => a.status))).toEqual(new Set([409]));
  expect(lost[0]?.body.message).toMatch(/being bought by someone else/);

  const { rows: held } = await sqlClientOf(app).query<{ units: string }>(
    "SELECT coalesce(sum(pi.quantity), 0)::text AS units FROM payment_items pi JOIN payments p ON p.id = pi.payment_id WHERE p.status = 'pending' AND pi.product_id = $1",
    [shop.product.id],
  );
  expect(Number(held[0]?.units)).toBe(UNITS);

  for (const answer of won) sandbox.act(answer.data?.access_code ?? '', 'pay');
  await bench.settle();

  const { rows: orders } = await sqlClientOf(app).query<{ n: string }>('SELECT count(*)::text AS n FROM orders WHERE seller_id = $1', [
    shop.sellerId,
  ]);
  expect(Number(orders[0]?.n)).toBe(UNITS);
  expect((await get(app, `/products/${shop.product.id}`)).body.data).toMatchObject({ stockQuantity: 0, inStock: false });
  const payouts = await get(app, `/sellers/${shop.sellerId}/payouts`, shop.token);
  expect(payouts.body.data).toMatchObject({ held: '90000.00' });
});
