/**
 * The operations console's API: only operators with a fresh second factor reach /ops
 * (the contract walked as a guest, a buyer, a seller and an operator without it); every
 * action writes one audit row the database will not let change; hiding a listing and
 * suspending an account take effect at once everywhere; students' reports.
 */
import { ENDPOINTS, fillPath, type EndpointDefinition } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { studentDetailSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { currentCode, setOperator } from '../../src/ops';
import { sqlClientOf } from '../../src/search';
import { createProduct, sellerAccount, catalogueTestApp } from '../catalogue-helpers';
import { get, login, post, PASSWORD, signedIn } from '../helpers';
import { checkoutBody, fillCart, initiate } from '../payments/harness';
import { buyerAndStore, conversationId, say } from '../messages/harness';
import { auditRows, enrolledOperator, type Operator } from './operator-harness';
import type { FastifyInstance } from 'fastify';

jest.setTimeout(60_000);

const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let app: FastifyInstance;
let operator: Operator;

beforeAll(async () => {
  app = await catalogueTestApp({}, { clock });
  operator = await enrolledOperator(app);
});
afterAll(async () => app.close());

const sqlOf = () => sqlClientOf(app);
const OPS_ENDPOINTS = ENDPOINTS.filter((e) => e.path.startsWith('/ops/'));

/** A valid body for each /ops endpoint that takes one, so a refusal is the guard's, not the schema's. */
const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'ops.hideListing': { reason: 'a scam' },
  'ops.restoreListing': { reason: 'not a scam' },
  'ops.suspendAccount': { reason: 'scams' },
  'ops.restoreAccount': { reason: 'settled' },
  'ops.decideDispute': { outcome: 'release', reason: 'delivered' },
  'ops.decideReviewPayment': { outcome: 'accept', reason: 'paid in naira after all' },
  'ops.retryPayout': { reason: 'bank fixed' },
  'ops.resolvePayout': { reason: 'paid by hand' },
  'ops.retryRefund': { reason: 'Paystack is back' },
  'ops.signOutEverywhere': { reason: 'stolen phone' },
};

async function callAs(endpoint: EndpointDefinition, token: string | undefined) {
  const url = `/api/v1${fillPath(endpoint.path, {
    productId: 'p-1',
    userId: 'u-1',
    disputeId: 'd-1',
    paymentId: 'pay-1',
    payoutId: 'po-1',
    refundId: 'rf-1',
  })}`;
  const res = await app.inject({
    method: endpoint.method,
    url,
    ...(endpoint.body ? { payload: SAMPLE_BODIES[endpoint.name] } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, message: (res.json() as { message?: string }).message };
}

async function searchHits(query: string): Promise<string[]> {
  const engine = app.catalogue.engine;
  if (!engine) throw new Error('the tests run the built-in search engine');
  const answer = await engine.search(app.catalogue.config.search.indexName, { query });
  return (answer.hits as Array<{ objectID: string }>).map((h) => h.objectID);
}

async function outboxTo(to: string, keyPrefix: string): Promise<string[]> {
  const { rows } = await sqlOf().query<{ subject: string }>('SELECT subject FROM outbox_emails WHERE "to" = $1 AND dedupe_key LIKE $2', [
    to,
    `${keyPrefix}%`,
  ]);
  return rows.map((r) => r.subject);
}

describe('who may reach /ops', () => {
  test('every /ops endpoint of the contract refuses a guest, a buyer, a seller and an operator without the second factor', async () => {
    expect(OPS_ENDPOINTS.length).toBeGreaterThanOrEqual(18);
    // The money queue's and the students' endpoints are walked too.
    expect(OPS_ENDPOINTS.map((e) => e.name)).toEqual(
      expect.arrayContaining(['ops.moneyQueue', 'ops.retryRefund', 'ops.getStudent', 'ops.signOutEverywhere']),
    );
    for (const e of OPS_ENDPOINTS) if (e.body) expect(SAMPLE_BODIES[e.name]).toBeDefined();

    const buyer = await signedIn(app);
    const seller = await sellerAccount(app);
    // Granted, never enrolled.
    const newOperator = await signedIn(app);
    await setOperator(app.db, newOperator.email, true, 'test', clock.now());
    // Enrolled, but this session never checked the second factor.
    const unelevated = await login(app, operator.email);
    // Enrolled and elevated, 16 minutes ago.
    const lapsed = await login(app, operator.email);
    clock.advance(30_000);
    expect((await post(app, '/operator/verify', { code: currentCode(operator.secret, clock.now()) }, lapsed)).status).toBe(200);
    clock.advance(16 * 60_000);

    for (const endpoint of OPS_ENDPOINTS) {
      expect({ name: endpoint.name, ...(await callAs(endpoint, undefined)) }).toMatchObject({ name: endpoint.name, status: 401 });
      for (const token of [buyer.token, seller.token]) {
        expect({ name: endpoint.name, ...(await callAs(endpoint, token)) }).toMatchObject({
          status: 403,
          message: MESSAGES.ops.notOperator,
        });
      }
      for (const token of [newOperator.token, unelevated, lapsed]) {
        expect({ name: endpoint.name, ...(await callAs(endpoint, token)) }).toMatchObject({
          status: 403,
          message: MESSAGES.ops.secondFactorRequired,
        });
      }
    }
    // Nothing was done: the audit log holds no action on the sample records.
    const { rows } = await sqlOf().query('SELECT 1 FROM audit_log WHERE record_id IN ($1, $2, $3, $4, $5, $6)', [
      'p-1',
      'u-1',
      'd-1',
      'pay-1',
      'po-1',
      'rf-1',
    ]);
    expect(rows).toHaveLength(0);
  });

  test('the second factor routes answer operators only; /auth/me says who is one', async () => {
    const buyer = await signedIn(app);
    expect((await get(app, '/operator/status', buyer.token)).status).toBe(403);
    expect((await post(app, '/operator/enrolment', {}, buyer.token)).status).toBe(403);
    expect(((await get(app, '/auth/me', buyer.token)).body.data as { isOperator: boolean }).isOperator).toBe(false);
    expect(((await get(app, '/auth/me', operator.token)).body.data as { isOperator: boolean }).isOperator).toBe(true);
  });
});

describe('the second factor', () => {
  test('enrolment: a wrong code is refused; the right one gives 10 recovery codes (stored hashed) and elevates the session for 15 minutes', async () => {
    const { email, token } = await signedIn(app);
    await setOperator(app.db, email, true, 'test', clock.now());
    expect((await get(app, '/operator/status', token)).body.data).toEqual({ enrolled: false, elevatedUntil: null });
    const { secret } = (await post(app, '/operator/enrolment', {}, token)).body.data as { secret: string };
    const wrong = String((Number(currentCode(secret, clock.now())) + 1) % 1_000_000).padStart(6, '0');
    expect((await post(app, '/operator/enrolment/confirm', { code: wrong }, token)).status).toBe(400);
    const confirmed = await post(app, '/operator/enrolment/confirm', { code: currentCode(secret, clock.now()) }, token);
    expect(confirmed.status).toBe(200);
    const { recoveryCodes, elevatedUntil } = confirmed.body.data as { recoveryCodes: string[]; elevatedUntil: string };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Date(elevatedUntil).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const { rows } = await sqlOf().query<{ code_hash: string }>(
      'SELECT code_hash FROM operator_recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [email],
    );
    expect(rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(rows.map((r) => r.code_hash)).not.toContain(code);
    // Enrolled once: a second enrolment is refused.
    expect((await post(app, '/operator/enrolment', {}, token)).status).toBe(409);
  });

  test('the TOTP secret is kept encrypted (bound to its operator); a secret stored in plain text before still works', async () => {
    const { email, token } = await signedIn(app);
    await setOperator(app.db, email, true, 'test', clock.now());
    const { secret } = (await post(app, '/operator/enrolment', {}, token)).body.data as { secret: string };
    const stored = async () =>
      (
        await sqlOf().query<{ totp_secret: string }>(
          'SELECT totp_secret FROM operators WHERE user_id = (SELECT id FROM users WHERE email = $1)',
          [email],
        )
      ).rows[0]?.totp_secret ?? '';
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    // Moved to another operator's row, it does not open (the operator's id is bound in).
    const other = await signedIn(app);
    await setOperator(app.db, other.email, true, 'test', clock.now());
    await post(app, '/operator/enrolment', {}, other.token);
    await sqlOf().query('UPDATE operators SET totp_secret = $1 WHERE user_id = (SELECT id FROM users WHERE email = $2)', [
      sealed,
      other.email,
    ]);
    const moved = await app.inject({
      method: 'POST',
      url: '/api/v1/operator/enrolment/confirm',
      payload: { code: currentCode(secret, clock.now()) },
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(moved.statusCode).toBe(500);
    // A row from before sealing (plain base32) is read as it is.
    await sqlOf().query('UPDATE operators SET totp_secret = $1 WHERE user_id = (SELECT id FROM users WHERE email = $2)', [secret, email]);
    expect((await post(app, '/operator/enrolment/confirm', { code: currentCode(secret, clock.now()) }, token)).status).toBe(200);
  });

  test('a code works once; a recovery code works once; the elevation ends after 15 minutes', async () => {
    const token = await login(app, operator.email);
    clock.advance(30_000);
    const code = currentCode(operator.secret, clock.now());
    expect((await post(app, '/operator/verify', { code }, token)).status).toBe(200);
    const other = await login(app, operator.email);
    expect((await post(app, '/operator/verify', { code }, other)).status).toBe(400);
    const recovery = operator.recoveryCodes[0] ?? '';
    expect((await post(app, '/operator/verify', { code: recovery.toUpperCase() }, other)).status).toBe(200);
    const third = await login(app, operator.email);
    expect((await post(app, '/operator/verify', { code: recovery }, third)).status).toBe(400);

    expect((await get(app, '/ops/reports', token)).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await get(app, '/ops/reports', token)).body.message).toBe(MESSAGES.ops.secondFactorRequired);
  });
});

describe('the audit log', () => {
  test('each action writes one row (who, what, which record, the reason, when, from where); the database refuses to change or delete it', async () => {
    const token = await opsToken();
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, { name: 'Audited lamp' }, 1);
    const before = (await auditRows(app, token)).length;
    const hidden = await app.inject({
      method: 'POST',
      url: `/api/v1/ops/listings/${product.id}/hide`,
      payload: { reason: 'counterfeit brand' },
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.1.2.3',
    });
    expect(hidden.statusCode).toBe(200);
    const rows = await auditRows(app, token);
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      action: 'listing.hide',
      recordType: 'listing',
      recordId: product.id,
      reason: 'counterfeit brand',
      ip: '10.1.2.3',
      operatorEmail: operator.email,
    });
    expect(await auditRows(app, token, `?recordId=${product.id}&action=listing.hide`)).toHaveLength(1);
    expect(await auditRows(app, token, `?recordId=${product.id}&action=listing.restore`)).toHaveLength(0);

    await expect(sqlOf().query("UPDATE audit_log SET reason = 'nothing happened' WHERE record_id = $1", [product.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(sqlOf().query('DELETE FROM audit_log WHERE record_id = $1', [product.id])).rejects.toThrow(/append-only/);
    await expect(sqlOf().query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await auditRows(app, token, `?recordId=${product.id}`)).toEqual([expect.objectContaining({ reason: 'counterfeit brand' })]);
  });
});

/** The suite's operator, elevated again when the clock has moved past their elevation. */
async function opsToken(): Promise<string> {
  const token = await login(app, operator.email);
  clock.advance(30_000);
  expect((await post(app, '/operator/verify', { code: currentCode(operator.secret, clock.now()) }, token)).status).toBe(200);
  return token;
}

describe('hiding a listing', () => {
  test('gone at once from search, the product list, its page, category pages and the catalogue; the seller is e-mailed; restore brings it back', async () => {
    const token = await opsToken();
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, { name: 'Zebrawood ukulele' }, 1);
    const visible = async () => ({
      search: (await searchHits('zebrawood')).includes(product.id),
      page: (await get(app, `/products/${product.slug}`)).status,
      list: ((await get(app, '/products/all?limit=100')).body.data as Array<{ id: string }>).some((p) => p.id === product.id),
      category: ((await get(app, `/categories/${product.categoryId}`)).body.data as { products: Array<{ id: string }> }).products.some(
        (p) => p.id === product.id,
      ),
      catalogue: JSON.stringify((await get(app, `/sellers/${seller.sellerId}/catalogue`)).body).includes(product.id),
    });
    expect(await visible()).toEqual({ search: true, page: 200, list: true, category: true, catalogue: true });

    const hidden = await post(app, `/ops/listings/${product.id}/hide`, { reason: 'Selling a stolen instrument' }, token);
    expect(hidden).toMatchObject({ status: 200, body: { message: MESSAGES.ops.listingHidden } });
    expect(await visible()).toEqual({ search: false, page: 404, list: false, category: false, catalogue: false });
    const buyer = await signedIn(app);
    expect((await post(app, '/cart/add', { items: [{ productId: product.id, quantity: 1 }] }, buyer.token)).status).toBe(404);
    expect(await outboxTo(seller.email, `listing-hidden:${product.id}`)).toEqual(['Your listing "Zebrawood ukulele" has been hidden']);
    expect((await post(app, `/ops/listings/${product.id}/hide`, { reason: 'again' }, token)).status).toBe(409);

    expect((await post(app, `/ops/listings/${product.id}/restore`, { reason: 'It was his own' }, token)).status).toBe(200);
    expect(await visible()).toEqual({ search: true, page: 200, list: true, category: true, catalogue: true });
  });
});

describe('a listing hidden while in a cart', () => {
  test('checkout refuses it as out of stock: nobody pays for a hidden listing', async () => {
    const token = await opsToken();
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, { name: 'Counterfeit earbuds' }, 3);
    const buyer = await signedIn(app);
    const cart = await fillCart(app, buyer.token, [{ productId: product.id, quantity: 1 }]);
    expect((await post(app, `/ops/listings/${product.id}/hide`, { reason: 'Counterfeit' }, token)).status).toBe(200);
    const refused = await initiate(app, buyer.token, checkoutBody(buyer.email, cart));
    expect(refused).toMatchObject({ status: 409, body: { message: MESSAGES.cart.outOfStock('Counterfeit earbuds') } });
  });
});

describe('suspending an account', () => {
  test('its sessions end, it cannot sign in (the same answer with a wrong password), its listings leave search; restoring puts all back', async () => {
    const token = await opsToken();
    const seller = await sellerAccount(app);
    const kept = await createProduct(app, seller.token, seller.sellerId, { name: 'Quokka plush' }, 1);
    const hiddenByOperator = await createProduct(app, seller.token, seller.sellerId, { name: 'Quokka poster' }, 1);
    const sellerId = ((await get(app, '/auth/me', seller.token)).body.data as { id: string }).id;
    expect((await post(app, `/ops/listings/${hiddenByOperator.id}/hide`, { reason: 'copied photos' }, token)).status).toBe(200);

    const suspended = await post(app, `/ops/accounts/${sellerId}/suspend`, { reason: 'Repeated scams' }, token);
    expect(suspended).toMatchObject({ status: 200, body: { message: MESSAGES.ops.accountSuspended } });
    expect((await get(app, '/auth/me', seller.token)).status).toBe(401);
    for (const password of [PASSWORD, 'wrong-password-9']) {
      const res = await post(app, '/auth/login', { email: seller.email, password });
      expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.login.suspended } });
    }
    expect(await searchHits('quokka')).toEqual([]);
    expect((await get(app, `/products/${kept.slug}`)).status).toBe(404);
    expect((await get(app, `/ops/accounts/${sellerId}`, token)).body.data).toMatchObject({ suspended: true });
    expect((await post(app, `/ops/accounts/${sellerId}/suspend`, { reason: 'again' }, token)).status).toBe(409);

    expect((await post(app, `/ops/accounts/${sellerId}/restore`, { reason: 'Refunded everyone' }, token)).status).toBe(200);
    expect((await post(app, '/auth/login', { email: seller.email, password: PASSWORD })).status).toBe(200);
    // What suspension hid is back; what an operator hid stays hidden.
    expect(await searchHits('quokka')).toEqual([kept.id]);
    expect(await auditRows(app, token, `?recordId=${sellerId}`)).toEqual([
      expect.objectContaining({ action: 'account.restore', reason: 'Refunded everyone' }),
      expect.objectContaining({ action: 'account.suspend', reason: 'Repeated scams' }),
    ]);
  });

  test('an operator cannot suspend themselves', async () => {
    const token = await opsToken();
    const me = ((await get(app, '/auth/me', token)).body.data as { id: string }).id;
    expect((await post(app, `/ops/accounts/${me}/suspend`, { reason: 'oops' }, token)).status).toBe(403);
  });
});

describe('reports', () => {
  test('a buyer reports a listing and a store: "received"; the console groups them; a student may send 10 a day', async () => {
    const token = await opsToken();
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, { name: 'Reported kettle' }, 1);
    const buyer = await signedIn(app);
    const sent = await post(
      app,
      '/reports',
      { target: { kind: 'listing', productId: product.id }, reason: 'scam', details: 'Asked me to pay outside' },
      buyer.token,
    );
    expect(sent).toMatchObject({ status: 201, body: { message: MESSAGES.reports.received } });
    expect(
      (await post(app, '/reports', { target: { kind: 'store', sellerId: seller.sellerId }, reason: 'other', details: '' }, buyer.token))
        .status,
    ).toBe(400);
    expect(
      (await post(app, '/reports', { target: { kind: 'store', sellerId: seller.sellerId }, reason: 'misleading' }, buyer.token)).status,
    ).toBe(201);
    expect((await post(app, '/reports', { target: { kind: 'listing', productId: product.id }, reason: 'scam' }, seller.token)).status).toBe(
      403,
    );

    const groups = (await get(app, '/ops/reports', token)).body.data as Array<{
      key: string;
      kind: string;
      reports: unknown[];
      account: { email: string };
    }>;
    expect(groups.find((g) => g.key === `listing:${product.id}`)).toMatchObject({
      kind: 'listing',
      reports: [expect.objectContaining({ reason: 'scam' })],
    });
    expect(groups.find((g) => g.kind === 'account' && g.account.email === seller.email)?.reports).toHaveLength(1);

    for (let i = 0; i < 8; i += 1) {
      expect(
        (await post(app, '/reports', { target: { kind: 'listing', productId: product.id }, reason: 'scam' }, buyer.token)).status,
      ).toBe(201);
    }
    const eleventh = await post(app, '/reports', { target: { kind: 'listing', productId: product.id }, reason: 'scam' }, buyer.token);
    expect(eleventh).toMatchObject({ status: 429, body: { message: MESSAGES.reports.tooMany } });

    // Hiding the listing handles its reports.
    expect((await post(app, `/ops/listings/${product.id}/hide`, { reason: 'scam confirmed' }, token)).status).toBe(200);
    const after = (await get(app, '/ops/reports', token)).body.data as Array<{ key: string }>;
    expect(after.find((g) => g.key === `listing:${product.id}`)).toBeUndefined();
  });
});

describe('students', () => {
  test('found by e-mail or name; the page shows the sign-in history (address, browser, let in or not)', async () => {
    const token = await opsToken();
    const student = await signedIn(app);
    const userId = ((await get(app, '/auth/me', student.token)).body.data as { id: string }).id;
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: student.email, password: 'not-the-password' },
      headers: { 'user-agent': 'WrongBrowser/1.0' },
    });
    expect(wrong.statusCode).toBe(401);

    const byEmail = (await get(app, `/ops/students?q=${encodeURIComponent(student.email.toUpperCase())}`, token)).body.data as Array<{
      userId: string;
    }>;
    expect(byEmail.map((s) => s.userId)).toEqual([userId]);
    expect((await get(app, '/ops/students?q=a', token)).body.data).toEqual([]);

    const page = studentDetailSchema.parse((await get(app, `/ops/students/${userId}`, token)).body.data);
    expect(page.account).toMatchObject({ userId, email: student.email, suspended: false });
    expect(page.signIns.map((e) => [e.success, e.userAgent])).toEqual([
      [false, 'WrongBrowser/1.0'],
      [true, expect.any(String)],
    ]);
    expect(page.signIns[0]?.ip).toBeTruthy();
    expect(page.liveSessions).toBe(1);
    expect((await get(app, '/ops/students/nobody', token)).status).toBe(404);
  });

  test('sign out everywhere: every session ends at once, with one audit row', async () => {
    const token = await opsToken();
    const student = await signedIn(app);
    const second = await login(app, student.email);
    const userId = ((await get(app, '/auth/me', student.token)).body.data as { id: string }).id;
    const res = await post(app, `/ops/students/${userId}/sign-out`, { reason: 'phone stolen' }, token);
    expect(res).toMatchObject({ status: 200, body: { message: MESSAGES.ops.signedOutEverywhere } });
    for (const t of [student.token, second]) expect((await get(app, '/auth/me', t)).status).toBe(401);
    expect((await auditRows(app, token, `?recordId=${userId}`)).map((r) => [r.action, r.reason])).toEqual([
      ['account.sign-out', 'phone stolen'],
    ]);
    // The student may sign in again.
    await login(app, student.email);
  });
});

describe("a conversation's report", () => {
  test("carries the product page's reason list to the console (the student's words beside it)", async () => {
    const token = await opsToken();
    const pair = await buyerAndStore(app);
    const chat = await conversationId(app, pair.buyer.token, { productId: pair.productId });
    expect((await say(app, pair.seller.token, chat, 'You are an idiot')).status).toBe(201);
    const reported = await post(
      app,
      '/messages/reports',
      { conversationId: chat, reasonCode: 'offensive', reason: 'Insults me' },
      pair.buyer.token,
    );
    expect(reported.status).toBe(201);
    const groups = (await get(app, '/ops/reports', token)).body.data as Array<{
      account: { email: string };
      reports: Array<{ kind: string; reason: string; details: string }>;
    }>;
    const group = groups.find((g) => g.account.email === pair.seller.email);
    expect(group?.reports).toEqual([expect.objectContaining({ kind: 'conversation', reason: 'offensive', details: 'Insults me' })]);
  });
});
