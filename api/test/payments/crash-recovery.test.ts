/**
 * A payment survives a crash: the API process is killed with SIGKILL after the
 * checkout started and before Paystack's webhook could reach it (the student
 * pays while it is down; the webhook is given up). Restarted on the same
 * database, its start-up reconciliation asks Paystack about the pending
 * payment and creates the orders exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPaystackSandbox, type PaystackSandbox } from '../../src/money/payments/sandbox/server';
import { pngPhoto, STORE_FIELDS } from '../catalogue-helpers';
import { PASSWORD } from '../helpers';
import { BENCH_SECRET_KEY, freePort, PICKUP } from './harness';

jest.setTimeout(180_000);

const apiDir = path.resolve(__dirname, '..', '..');

let sandbox: PaystackSandbox;
let dataDir: string;
let apiPort: number;
let server: ChildProcess | null = null;

function startServer(): ChildProcess {
  // tsx as a loader inside this one process (its CLI would run the server as a grandchild the SIGKILL never reaches).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYSTACK_SECRET_KEY: BENCH_SECRET_KEY,
      PAYSTACK_BASE_URL: `http://127.0.0.1:${(sandbox.app.server.address() as { port: number }).port}`,
      PAYMENTS_RECONCILE_SECONDS: '1',
      // The per-address counters live in the database, which the PostgreSQL pass shares with every
      // other test's sign-ups from 127.0.0.1: this real server must not meet their register limit.
      RATE_LIMIT_SCALE: '1000',
      // DATABASE_URL stays as the pass set it: PostgreSQL, or empty for PGlite in DATA_DIR.
    },
    stdio: 'ignore',
  });
  server = child;
  return child;
}

const base = () => `http://127.0.0.1:${apiPort}`;

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`${base()}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function call(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: { data?: unknown; message?: string } }> {
  const res = await fetch(`${base()}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; message?: string } };
}

async function account(prefix: string): Promise<string> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 8)}@campus.edu.ng`;
  expect((await call('POST', '/auth/register', undefined, { name: 'Crash Test', email, password: PASSWORD })).status).toBe(201);
  const mail = (await (await fetch(`${base()}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
  const code = /\b(\d{6})\b/.exec(mail[0]?.text ?? '')?.[1] ?? '';
  expect((await call('POST', '/auth/email/verify', undefined, { email, code })).status).toBe(200);
  const login = await call('POST', '/auth/login', undefined, { email, password: PASSWORD });
  return (login.body.data as { token: string }).token;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-crash-test-'));
  apiPort = await freePort();
  sandbox = buildPaystackSandbox({
    secretKey: BENCH_SECRET_KEY,
    publicUrl: 'http://sandbox.invalid',
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: null,
    // Paystack's retries would find the API again; none here, so only reconciliation can recover the payment.
    retryDelaysMs: [],
    logLevel: 'silent',
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await gone;
  }
  sandbox.webhooks.close();
  await sandbox.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGKILL between the payment and its webhook: on restart, reconciliation creates the orders exactly once', async () => {
  startServer();
  await waitForHealth();

  const sellerToken = await account('crash-seller');
  const store = new FormData();
  for (const [k, v] of Object.entries({ ...STORE_FIELDS, catalogueName: 'Crash store' })) store.append(k, v);
  const seller = await call('POST', '/sellers/register', sellerToken, store);
  expect(seller.status).toBe(201);
  const sellerId = (seller.body.data as { id: string }).id;
  const listing = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Power bank 20000mAh',
    description: 'Two USB ports',
    price: '15,000',
    stockQuantity: '3',
    categoryId: 'electronics',
  }))
    listing.append(k, v);
  listing.append('files', new Blob([await pngPhoto()], { type: 'image/png' }), 'p.png');
  const product = await call('POST', `/sellers/${sellerId}/catalogue`, sellerToken, listing);
  expect(product.status).toBe(201);
  const productId = (product.body.data as { id: string }).id;

  const buyerToken = await account('crash-buyer');
  expect((await call('POST', '/cart/add', buyerToken, { items: [{ productId, quantity: 2 }] })).status).toBeLessThan(300);
  const cart = (await call('GET', '/cart', buyerToken)).body.data as { cartId: string };
  const started = await call('POST', '/payments/initiate', buyerToken, {
    email: 'x@campus.edu.ng',
    amount: '3000000',
    metadata: { cartId: cart.cartId },
    ...PICKUP,
  });
  expect(started.status).toBe(200);
  const { access_code: accessCode } = started.body.data as { access_code: string };

  // The process dies at once, with no chance to clean up.
  const first = server;
  const died = new Promise((r) => first?.once('exit', r));
  first?.kill('SIGKILL');
  await died;

  // The student pays while the API is down; the webhook cannot be delivered and is given up.
  sandbox.act(accessCode, 'pay');
  await sandbox.webhooks.settle();
  expect(sandbox.webhooks.attempts.at(-1)).toMatchObject({ event: 'charge.success', status: 0 });

  startServer();
  await waitForHealth();
  // Nobody calls verify: the orders must come from the restart's reconciliation alone.
  const deadline = Date.now() + 30_000;
  let orders: unknown[] = [];
  while (Date.now() < deadline) {
    orders = (await call('GET', '/orders/user', buyerToken)).body.data as unknown[];
    if (orders.length > 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ orderStatus: 'PENDING', totalPrice: '30000.00', completionCode: expect.stringMatching(/^\d{6}$/) });

  // Further reconciliation runs (every second here) and the browser's verify add nothing.
  await new Promise((r) => setTimeout(r, 2_500));
  const reference = (started.body.data as { reference: string }).reference;
  expect((await call('GET', `/payments/verify/${reference}`, buyerToken)).body.data).toMatchObject({
    status: 'success',
    orders: [expect.anything()],
  });
  expect((await call('GET', '/orders/user', buyerToken)).body.data).toHaveLength(1);
  expect((await call('GET', `/products/${productId}`)).body.data).toMatchObject({ stockQuantity: 1 });
});
