/**
 * The Paystack client against the built-in sandbox, both over real HTTP
 * (Paystack's real protocol, with a built-in sandbox that speaks it): the same
 * requests and answer shapes as Paystack's API, signed webhooks with retries,
 * transfers and refunds that settle.
 *
 * Paystack's reference for what is checked here: Initialize and Verify
 * Transaction (https://paystack.com/docs/api/transaction/), List Banks and
 * Resolve Account (https://paystack.com/docs/api/verification/,
 * https://paystack.com/docs/api/miscellaneous/#bank), Transfer Recipients and
 * Transfers (https://paystack.com/docs/api/transfer-recipient/,
 * https://paystack.com/docs/api/transfer/), Create/Fetch Refund
 * (https://paystack.com/docs/api/refund/), webhooks and their signature
 * (https://paystack.com/docs/payments/webhooks/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { PaystackClient, PaystackError } from '../../src/money/payments/paystack/client';
import { isPaystackSignatureValid, signPaystackBody } from '../../src/money/payments/paystack/signature';
import { FAULTS_PATH, buildPaystackSandbox, type PaystackSandbox } from '../../src/money/payments/sandbox/server';
import { startPaystackSandbox } from '../../src/money/payments/sandbox/start';
import { paystackSecretKey } from '../../src/plugins/payments';
import { createTestApp, onPostgres } from '../helpers';

const SECRET = 'sk_test_sandbox_secret';

interface Received {
  event: string;
  data: Record<string, unknown>;
  signed: boolean;
}

/** A stand-in for the API's webhook: records what arrives, answering 500 to the first `failFirst` deliveries. */
async function startReceiver(failFirst = 0) {
  const received: Received[] = [];
  let failures = failFirst;
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/webhook', async (request, reply) => {
    if (failures > 0) {
      failures -= 1;
      return reply.status(500).send();
    }
    const raw = request.body as Buffer;
    const parsed = JSON.parse(raw.toString()) as { event: string; data: Record<string, unknown> };
    received.push({ ...parsed, signed: isPaystackSignatureValid(SECRET, raw, request.headers['x-paystack-signature']) });
    return { ok: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, received, url: `${address}/webhook` };
}

describe('Paystack client and sandbox', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sandbox: PaystackSandbox;
  let client: PaystackClient;
  let baseUrl: string;

  async function start(failFirst = 0) {
    receiver = await startReceiver(failFirst);
    sandbox = buildPaystackSandbox({
      secretKey: SECRET,
      publicUrl: 'http://127.0.0.1:1',
      webhookUrl: receiver.url,
      stateFile: null,
      retryDelaysMs: [20, 20],
      settleDelayMs: 60_000,
    });
    baseUrl = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    client = new PaystackClient({ baseUrl, secretKey: SECRET });
  }

  afterEach(async () => {
    await sandbox.app.close();
    await receiver.app.close();
  });

  const events = (name: string) => receiver.received.filter((r) => r.event === name);

  it('initialises a transaction, takes the payment on its checkout page and sends a signed charge.success', async () => {
    await start();
    const init = await client.initializeTransaction({
      email: 'ada@campus.edu.ng',
      amountKobo: 1_250_050,
      reference: 'ref-one-0001',
      callbackUrl: 'http://shop.test/checkout/callback',
    });
    expect(init.reference).toBe('ref-one-0001');
    expect(init.authorization_url).toMatch(/\/checkout\//);
    expect((await client.verifyTransaction('ref-one-0001'))?.status).toBe('abandoned');

    const page = await fetch(`${baseUrl}/checkout/${init.access_code}`);
    const html = await page.text();
    expect(html).toContain('Pay ₦12,500.50');
    // No site may frame the Pay button. The page stands in for the hosted checkout of Paystack's API
    // reference, Transactions → Initialize Transaction (`authorization_url`, opened by a redirect).
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('value="decline"');

    const paid = await fetch(`${baseUrl}/checkout/${init.access_code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://shop.test/checkout/callback?trxref=ref-one-0001&reference=ref-one-0001');
    await sandbox.webhooks.settle();

    const verified = await client.verifyTransaction('ref-one-0001');
    expect(verified).toMatchObject({ status: 'success', amount: 1_250_050, currency: 'NGN', reference: 'ref-one-0001' });
    expect(events('charge.success')).toEqual([
      expect.objectContaining({ signed: true, data: expect.objectContaining({ reference: 'ref-one-0001', amount: 1_250_050 }) }),
    ]);
    // Paying twice changes nothing and sends nothing more.
    sandbox.act(init.access_code, 'pay');
    await sandbox.webhooks.settle();
    expect(events('charge.success')).toHaveLength(1);
  });

  it('declines and cancels without a charge', async () => {
    await start();
    const a = await client.initializeTransaction({
      email: 'a@campus.edu.ng',
      amountKobo: 5_000,
      reference: 'ref-declined-01',
      callbackUrl: 'http://shop.test/r',
    });
    const b = await client.initializeTransaction({
      email: 'b@campus.edu.ng',
      amountKobo: 5_000,
      reference: 'ref-cancelled-01',
      callbackUrl: 'http://shop.test/r',
    });
    sandbox.act(a.access_code, 'decline');
    sandbox.act(b.access_code, 'cancel');
    await sandbox.webhooks.settle();
    expect((await client.verifyTransaction('ref-declined-01'))?.status).toBe('failed');
    expect((await client.verifyTransaction('ref-cancelled-01'))?.status).toBe('abandoned');
    expect(receiver.received).toEqual([]);
  });

  it('refuses a wrong key, a duplicate reference and an unknown reference as Paystack does', async () => {
    await start();
    const wrong = new PaystackClient({ baseUrl, secretKey: 'sk_test_wrong' });
    await expect(wrong.listBanks()).rejects.toMatchObject({ status: 401, message: 'Invalid key' });
    await client.initializeTransaction({
      email: 'a@campus.edu.ng',
      amountKobo: 5_000,
      reference: 'ref-dup-000001',
      callbackUrl: 'http://shop.test/r',
    });
    await expect(
      client.initializeTransaction({
        email: 'a@campus.edu.ng',
        amountKobo: 5_000,
        reference: 'ref-dup-000001',
        callbackUrl: 'http://shop.test/r',
      }),
    ).rejects.toBeInstanceOf(PaystackError);
    expect(await client.verifyTransaction('no-such-reference')).toBeNull();
  });

  it("stands in for a Paystack outage on demand (the load run's faults): slow, then failing, then itself again", async () => {
    await start();
    const setFault = (fault: Record<string, number>) =>
      fetch(`${baseUrl}${FAULTS_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
    expect(
      (await fetch(`${baseUrl}${FAULTS_PATH}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(401);
    expect((await setFault({ delayMs: 400, forMs: 5_000 })).status).toBe(200);
    const slowStart = Date.now();
    expect((await client.listBanks()).length).toBeGreaterThan(0);
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(380);
    // Paystack's API reference, Errors (https://paystack.com/docs/api/#errors): 500-504 are errors on Paystack's
    // end, answered like every refusal as { status: false, message }; our client must read it as a failure.
    await setFault({ status: 500, forMs: 5_000 });
    const failing = await fetch(`${baseUrl}/balance`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ status: false, message: expect.any(String) });
    await expect(client.listBanks()).rejects.toMatchObject({ status: 500 });
    await setFault({ forMs: 0 });
    expect((await client.listBanks()).length).toBeGreaterThan(0);
  });

  it('retries a webhook the receiver did not accept', async () => {
    await start(2);
    const init = await client.initializeTransaction({
      email: 'a@campus.edu.ng',
      amountKobo: 9_000,
      reference: 'ref-retried-01',
      callbackUrl: 'http://shop.test/r',
    });
    sandbox.act(init.access_code, 'pay');
    for (let waited = 0; events('charge.success').length === 0 && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await sandbox.webhooks.settle();
    expect(events('charge.success')).toHaveLength(1);
    expect(sandbox.webhooks.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('resolves accounts, pays transfers once per reference, and settles or fails them by webhook', async () => {
    await start();
    const banks = await client.listBanks();
    expect(banks.find((b) => b.name === 'Guaranty Trust Bank')?.code).toBe('058');
    expect(await client.resolveAccount('0123456789', '058')).toEqual({
      account_number: '0123456789',
      account_name: 'SANDBOX ACCOUNT 6789',
    });
    await expect(client.resolveAccount('0001234567', '058')).rejects.toMatchObject({ status: 422 });

    const good = await client.createTransferRecipient({ name: 'Gadget Hub', accountNumber: '0123456789', bankCode: '058' });
    const again = await client.createTransferRecipient({ name: 'Gadget Hub', accountNumber: '0123456789', bankCode: '058' });
    expect(again.recipient_code).toBe(good.recipient_code);
    const bad = await client.createTransferRecipient({ name: 'Closed Account', accountNumber: '0123450000', bankCode: '058' });
    sandbox.topUp(1_000_000);

    const first = await client.initiateTransfer({
      amountKobo: 120_000,
      recipientCode: good.recipient_code,
      reference: 'payout-order-000000001',
      reason: 'Order 1',
    });
    const retry = await client.initiateTransfer({
      amountKobo: 120_000,
      recipientCode: good.recipient_code,
      reference: 'payout-order-000000001',
      reason: 'Order 1',
    });
    expect(retry.transfer_code).toBe(first.transfer_code);
    expect(first.status).toBe('pending');
    await client.initiateTransfer({
      amountKobo: 15_000,
      recipientCode: bad.recipient_code,
      reference: 'payout-order-000000002',
      reason: 'Order 2',
    });
    sandbox.settleNow();
    await sandbox.webhooks.settle();

    expect(events('transfer.success').map((e) => e.data.reference)).toEqual(['payout-order-000000001']);
    expect(events('transfer.failed').map((e) => e.data.reference)).toEqual(['payout-order-000000002']);
    expect((await client.verifyTransfer('payout-order-000000001'))?.status).toBe('success');
    expect(await client.verifyTransfer('payout-order-unknown-1')).toBeNull();
  });

  it('refunds a paid transaction once, in whole', async () => {
    await start();
    const init = await client.initializeTransaction({
      email: 'a@campus.edu.ng',
      amountKobo: 70_000,
      reference: 'ref-refund-001',
      callbackUrl: 'http://shop.test/r',
    });
    await expect(client.refund({ reference: 'ref-refund-001', amountKobo: 70_000, reason: 'too early' })).rejects.toMatchObject({
      status: 400,
    });
    sandbox.act(init.access_code, 'pay');
    const created = await client.refund({ reference: 'ref-refund-001', amountKobo: 70_000, reason: 'stock gone' });
    expect(created).toMatchObject({ status: 'pending', amount: 70_000 });
    expect(created.transaction).toBe((await client.verifyTransaction('ref-refund-001'))?.id);
    sandbox.settleNow();
    await sandbox.webhooks.settle();
    // Paystack's refund events: no refund id, the amount as a string, the transaction's reference.
    expect(events('refund.processed')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ transaction_reference: 'ref-refund-001', amount: '70000' }) }),
    ]);
    expect(events('refund.processed')[0]?.data).not.toHaveProperty('id');
    expect((await client.fetchRefund(created.id))?.status).toBe('processed');
    expect((await client.verifyTransaction('ref-refund-001'))?.status).toBe('reversed');
    await expect(client.refund({ reference: 'ref-refund-001', amountKobo: 1, reason: 'again' })).rejects.toMatchObject({
      message: 'Transaction has been fully reversed',
    });
  });
});

describe('webhook signature', () => {
  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'r', amount: 100 } }));

  it('accepts the HMAC-SHA512 of the raw body with the secret key, and nothing else', () => {
    const signature = signPaystackBody(SECRET, body);
    expect(isPaystackSignatureValid(SECRET, body, signature)).toBe(true);
    expect(isPaystackSignatureValid('sk_other', body, signature)).toBe(false);
    expect(isPaystackSignatureValid(SECRET, Buffer.from(body.toString().replace('100', '1')), signature)).toBe(false);
    expect(isPaystackSignatureValid(SECRET, body, signature.slice(0, 127))).toBe(false);
    expect(isPaystackSignatureValid(SECRET, body, undefined)).toBe(false);
    expect(isPaystackSignatureValid(SECRET, body, [signature, signature])).toBe(false);
  });
});

describe('the client against a paged bank list (Paystack gives at most 100 banks a page)', () => {
  it('follows meta.next until the last page', async () => {
    const ALL = Array.from({ length: 7 }, (_, i) => ({ name: `Bank ${i}`, code: String(100 + i) }));
    const fake = Fastify();
    const asked: string[] = [];
    fake.get<{ Querystring: { next?: string } }>('/bank', async (request) => {
      asked.push(request.query.next ?? '');
      const start = Number(request.query.next ?? 0);
      const next = start + 3 < ALL.length ? String(start + 3) : null;
      return { status: true, message: 'Banks retrieved', data: ALL.slice(start, start + 3), meta: { next } };
    });
    await fake.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (fake.server.address() as { port: number }).port;
      const banks = await new PaystackClient({ baseUrl: `http://127.0.0.1:${port}`, secretKey: SECRET }).listBanks();
      expect(banks.map((b) => b.code)).toEqual(ALL.map((b) => b.code));
      expect(asked).toEqual(['', '3', '6']);
    } finally {
      await fake.close();
    }
  });
});

// PGlite only: each installation is its own database here (the PostgreSQL pass shares one).
(onPostgres ? describe.skip : describe)('the sandbox an API starts (no PAYSTACK_SECRET_KEY)', () => {
  it('signs with a key made for this installation: another installation has another, a restart keeps it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'campus-sandbox-key-'));
    try {
      const first = await createTestApp({ pgliteDir: path.join(dir, 'one') });
      const firstKey = await paystackSecretKey(first);
      await first.close();
      const restarted = await createTestApp({ pgliteDir: path.join(dir, 'one') });
      const keptKey = await paystackSecretKey(restarted);
      await restarted.close();
      const other = await createTestApp({ pgliteDir: path.join(dir, 'two') });
      const otherKey = await paystackSecretKey(other);
      await other.close();

      expect(firstKey).toMatch(/^sk_test_[\w-]{40,}$/);
      expect(keptKey).toBe(firstKey);
      expect(otherKey).not.toBe(firstKey);
      // Not the key the code once published, which anyone could sign a webhook with.
      expect([firstKey, otherKey]).not.toContain('sk_test_campus_marketplace_sandbox');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listens on 127.0.0.1 only, even when the API listens on every interface, and takes only its own key', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'campus-sandbox-host-'));
    const app = await createTestApp({ env: { HOST: '0.0.0.0', PAYSTACK_SANDBOX_PORT: '0', DATA_DIR: dir } });
    const sandbox = await startPaystackSandbox(app, 4000);
    try {
      expect(app.config.host).toBe('0.0.0.0');
      const address = sandbox?.app.server.address();
      expect(address).toMatchObject({ address: '127.0.0.1' });
      const port = typeof address === 'object' && address ? address.port : 0;
      const baseUrl = `http://127.0.0.1:${port}`;
      const own = new PaystackClient({ baseUrl, secretKey: await paystackSecretKey(app) });
      expect((await own.listBanks()).length).toBeGreaterThan(0);
      const published = new PaystackClient({ baseUrl, secretKey: 'sk_test_campus_marketplace_sandbox' });
      await expect(published.listBanks()).rejects.toMatchObject({ status: 401 });
    } finally {
      sandbox?.webhooks.close();
      await sandbox?.app.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
