/**
 * A code unlocks one order: the seller names the order, the code is checked
 * against that order only; five wrong codes on it replace its code (the buyer
 * is e-mailed the new one, once per replacement); a store's wrong codes are
 * capped per UTC day, past which Accept Order is locked until midnight UTC.
 */
import { buyerOrderSchema, sellerOrderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { MESSAGES } from '@campus/shared/messages';
import { ManualClock } from '../../src/lib/clock';
import { COMPLETION_ORDER_MAX_WRONG, COMPLETION_STORE_DAILY_WRONG_CAP } from '../../src/money/orders/completion-lock';
import { sqlClientOf } from '../../src/search';
import { get, lastCode, login, post, register, uniqueEmail } from '../helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench, type Shop } from '../payments/harness';

jest.setTimeout(120_000);

let bench: Bench;
// 10:00 UTC; the cap test below counts from its own time.
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));

beforeAll(async () => {
  bench = await startBench({ clock });
});
afterAll(async () => bench.close());

async function buyerNamed(name: string) {
  const email = uniqueEmail();
  await register(bench.app, email, name);
  expect((await post(bench.app, '/auth/email/verify', { email, code: lastCode(bench.app, email) })).status).toBe(200);
  return { email, token: await login(bench.app, email) };
}

/** A paid order of `shop`'s product by a new buyer. */
async function paidOrder(shop: Shop, buyerName?: string) {
  const buyer = buyerName ? await buyerNamed(buyerName) : await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  expect(started.status).toBe(200);
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  return { buyer, order: await buyersView(buyer.token) };
}

/** The buyer's (only) order as their Orders page shows it: the code comes from the sealed copy. */
async function buyersView(token: string): Promise<BuyerOrder> {
  const list = (await get(bench.app, '/orders/user', token)).body.data as unknown[];
  return buyerOrderSchema.parse(list[0]);
}

async function statusOf(orderId: string): Promise<string | undefined> {
  const { rows } = await sqlClientOf(bench.app).query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  return rows[0]?.status;
}

/** A 6-digit code other than `right` (and other than each of `alsoNot`). */
function wrongFor(right: string, n: number, alsoNot: readonly string[] = []): string {
  for (let i = n + 1; ; i += 1) {
    const code = String((Number(right) + i * 7919) % 1_000_000).padStart(6, '0');
    if (code !== right && !alsoNot.includes(code)) return code;
  }
}

const complete = (shop: Shop, orderId: string, code: string) => post(bench.app, '/orders/complete', { orderId, code }, shop.token);

const replacementMails = (to: string) =>
  (bench.app.mailer.mailbox?.list(to) ?? []).filter((m) => m.subject.includes('your completion code was replaced'));

describe('a code unlocks one order', () => {
  test('the right code of another order of the same store is refused, and completes neither', async () => {
    const shop = await shopWith(bench.app, 'Scientific calculator', '9,000', 5);
    const first = await paidOrder(shop);
    const second = await paidOrder(shop);
    const res = await complete(shop, first.order.id, second.order.completionCode ?? '');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.completion.wrongCodeTriesLeft(COMPLETION_ORDER_MAX_WRONG - 1));
    expect(await statusOf(first.order.id)).toBe('PENDING');
    expect(await statusOf(second.order.id)).toBe('PENDING');
    // Each with its own code, both complete.
    expect((await complete(shop, second.order.id, second.order.completionCode ?? '')).status).toBe(200);
    expect((await complete(shop, first.order.id, first.order.completionCode ?? '')).status).toBe(200);
    expect(await statusOf(first.order.id)).toBe('DELIVERED');
  });

  test('the completion says where the money went, to the kobo: released = card fee + commission + what reached Available', async () => {
    const shop = await shopWith(bench.app, 'Reading lamp', '3,500', 2);
    const { order } = await paidOrder(shop);
    const available = async () =>
      ((await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token)).body.data as { available: string }).available;
    const before = await available();
    const res = await complete(shop, order.id, order.completionCode ?? '');
    expect(res.status).toBe(200);
    const release = res.body.release as { released: string; cardFee: string; commission: string; toAvailable: string };
    const kobo = (naira: string) => Math.round(Number(naira) * 100);
    expect(release.released).toBe('3500.00');
    expect(kobo(release.cardFee)).toBeGreaterThan(0);
    // The commission at the configured percentage (0 % on these machines' defaults).
    expect(kobo(release.commission)).toBe(Math.floor((350_000 * Math.round(bench.app.config.payments.platformFeePercent * 100)) / 10_000));
    expect(kobo(release.cardFee) + kobo(release.commission) + kobo(release.toAvailable)).toBe(350_000);
    // The figures are the ledger's: Available rose by exactly toAvailable.
    expect(kobo(await available()) - kobo(before)).toBe(kobo(release.toAvailable));
  });

  test('five wrong codes replace the order code: the old one fails, the new one (mailed, on the Orders page) works', async () => {
    const shop = await shopWith(bench.app, 'Drawing board', '12,000', 5);
    const { buyer, order } = await paidOrder(shop);
    const oldCode = order.completionCode ?? '';
    const answers: Array<{ status: number; message?: string | undefined }> = [];
    for (let i = 0; i < COMPLETION_ORDER_MAX_WRONG; i += 1) {
      const res = await complete(shop, order.id, wrongFor(oldCode, i));
      answers.push({ status: res.status, message: res.body.message });
      // No mail for a single wrong code: only the fifth one is a lock event.
      if (i < COMPLETION_ORDER_MAX_WRONG - 1) {
        await bench.settle();
        expect(replacementMails(buyer.email)).toHaveLength(0);
      }
    }
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(0, 4).map((a) => a.message)).toEqual([4, 3, 2, 1].map((left) => MESSAGES.completion.wrongCodeTriesLeft(left)));
    expect(answers[4]?.message).toBe(MESSAGES.completion.codeReplaced);
    await bench.settle();

    // The buyer's Orders page shows a new code, and one e-mail carries it.
    const newCode = (await buyersView(buyer.token)).completionCode ?? '';
    expect(newCode).toMatch(/^\d{6}$/);
    expect(newCode).not.toBe(oldCode);
    const mails = replacementMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Your new completion code is ${newCode}.`);
    expect(mails[0]?.text).toContain(order.orderCode);
    expect(mails[0]?.text).not.toContain(oldCode);

    // The old code no longer works; the count started again (this is the new code's first wrong one).
    const old = await complete(shop, order.id, oldCode);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(MESSAGES.completion.wrongCodeTriesLeft(COMPLETION_ORDER_MAX_WRONG - 1));
    expect(await statusOf(order.id)).toBe('PENDING');

    const right = await complete(shop, order.id, newCode);
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ id: order.id, orderStatus: 'DELIVERED' });
    expect((await buyersView(buyer.token)).completionCode).toBeNull();
  });

  test('wrong codes racing on one order: each counts once, one replacement, one e-mail', async () => {
    const shop = await shopWith(bench.app, 'Bunsen burner', '7,000', 5);
    const { buyer, order } = await paidOrder(shop);
    const code = order.completionCode ?? '';
    const answers = await Promise.all(
      Array.from({ length: COMPLETION_ORDER_MAX_WRONG }, (_, i) => complete(shop, order.id, wrongFor(code, i))),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.body.message === MESSAGES.completion.codeReplaced)).toHaveLength(1);
    await bench.settle();
    expect(replacementMails(buyer.email)).toHaveLength(1);
    const { rows } = await sqlClientOf(bench.app).query<{ failures: number; reissues: number }>(
      'SELECT completion_failures AS failures, completion_reissues AS reissues FROM orders WHERE id = $1',
      [order.id],
    );
    expect(rows[0]).toEqual({ failures: 0, reissues: 1 });
  });

  test("a seller cannot complete another store's order, even with its right code; nothing is counted", async () => {
    const mine = await shopWith(bench.app, 'Lab goggles', '3,000', 5);
    const theirs = await shopWith(bench.app, 'Lab gloves', '1,500', 5);
    await paidOrder(mine);
    const { order: theirOrder } = await paidOrder(theirs);
    const res = await complete(mine, theirOrder.id, theirOrder.completionCode ?? '');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.orders.notYourStore);
    expect(await statusOf(theirOrder.id)).toBe('PENDING');
    // An unknown order is a 404; neither touches anyone's counts.
    expect((await complete(mine, 'no-such-order', '123456')).status).toBe(404);
    const { rows } = await sqlClientOf(bench.app).query<{ n: string }>(
      'SELECT count(*)::text AS n FROM completion_locks WHERE seller_id = $1 AND failures > 0',
      [mine.sellerId],
    );
    expect(rows[0]?.n).toBe('0');
    expect((await complete(theirs, theirOrder.id, theirOrder.completionCode ?? '')).status).toBe(200);
  });

  test('the seller list names the buyer, keeps open orders on request and finds a first name', async () => {
    const shop = await shopWith(bench.app, 'Desk fan', '10,000', 5);
    const { order: closed } = await paidOrder(shop, 'Chidi Okeke');
    clock.advance(60_000); // newest first: Ngozi's order is a minute later
    const { order: open } = await paidOrder(shop, 'Ngozi Bello');
    expect((await complete(shop, closed.id, closed.completionCode ?? '')).status).toBe(200);
    const all = await get(bench.app, `/orders/${shop.sellerId}/seller`, shop.token);
    const orders = (all.body.data as unknown[]).map((o) => sellerOrderSchema.parse(o));
    expect(orders.map((o) => [o.id, o.buyerFirstName])).toEqual([
      [open.id, 'Ngozi'],
      [closed.id, 'Chidi'],
    ]);
    const openOnly = await get(bench.app, `/orders/${shop.sellerId}/seller?open=true`, shop.token);
    expect((openOnly.body.data as Array<{ id: string }>).map((o) => o.id)).toEqual([open.id]);
    const found = await get(bench.app, `/orders/${shop.sellerId}/seller?q=ngoz`, shop.token);
    expect((found.body.data as Array<{ id: string }>).map((o) => o.id)).toEqual([open.id]);
  });
});

describe("the store's daily cap", () => {
  test('wrong codes over all orders lock Accept Order until midnight UTC; other stores go on; the next day it opens', async () => {
    const shop = await shopWith(bench.app, 'Graph paper', '800', 10);
    const other = await shopWith(bench.app, 'Set square', '600', 5);
    const a = await paidOrder(shop);
    const b = await paidOrder(shop);
    const c = await paidOrder(shop);
    const elsewhere = await paidOrder(other);

    // Spread over two orders (each replaced on its fifth), never the same order more than the cap allows.
    const statuses: number[] = [];
    for (let i = 0; i < COMPLETION_STORE_DAILY_WRONG_CAP - 1; i += 1) {
      const target = i % 2 === 0 ? a : b;
      statuses.push((await complete(shop, target.order.id, wrongFor(target.order.completionCode ?? '', i, ['000000']))).status);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);

    const capped = await complete(shop, a.order.id, '000000');
    expect(capped.status).toBe(429);
    const now = clock.now();
    const secondsToMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    const retryAfter = Number(
      (
        await bench.app.inject({
          method: 'POST',
          url: '/api/v1/orders/complete',
          payload: { orderId: c.order.id, code: c.order.completionCode ?? '' },
          headers: { authorization: `Bearer ${shop.token}` },
        })
      ).headers['retry-after'],
    );
    expect(retryAfter).toBe(secondsToMidnight);
    // Locked: even the right code of an untouched order is not looked at.
    const locked = await complete(shop, c.order.id, c.order.completionCode ?? '');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MESSAGES.completion.storeLockedToday(Math.ceil(secondsToMidnight / 3600)));
    expect(await statusOf(c.order.id)).toBe('PENDING');

    // Another store is not affected.
    expect((await complete(other, elsewhere.order.id, elsewhere.order.completionCode ?? '')).status).toBe(200);

    // One second before midnight UTC: still locked; at midnight: open again.
    clock.advance(secondsToMidnight * 1000 - 1000);
    expect((await complete(shop, c.order.id, c.order.completionCode ?? '')).status).toBe(429);
    clock.advance(1000);
    const next = await complete(shop, c.order.id, c.order.completionCode ?? '');
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ id: c.order.id, orderStatus: 'DELIVERED' });
  });
});
