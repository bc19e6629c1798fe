/**
 * The payments test bench: the API listening on a real port, the
 * Paystack sandbox beside it (fast retries, quick settlement), and shortcuts
 * for a cart with sellers' products, a checkout and paying it as a student
 * would on the sandbox's checkout page.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/lib/clock';
import type { RateLimits } from '../../src/plugins/rate-limits';
import { freePort } from '../../src/lib/free-port';
import { buildPaystackSandbox, type PaystackSandbox, type SandboxOptions } from '../../src/money/payments/sandbox/server';
import { createProduct, sellerAccount, type ProductOut } from '../catalogue-helpers';
import { buyerOrderSchema, type BuyerOrder } from '@campus/shared/schemas';
import { createTestApp, get, post, signedIn } from '../helpers';

export { freePort };

/** The key the bench's sandbox and API share (a test key; the sandbox an API starts makes its own). */
export const BENCH_SECRET_KEY = 'sk_test_campus_marketplace_bench';

export interface Bench {
  app: FastifyInstance;
  sandbox: PaystackSandbox;
  apiPort: number;
  dataDir: string;
  /** Waits until the webhooks under way are delivered and the API's background work is done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface BenchOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** PGlite's directory (a restart test reopens it); in memory when absent. */
  pgliteDir?: string | null;
  /** Reuse ports and state of an earlier bench (a restart). */
  apiPort?: number;
  sandbox?: PaystackSandbox;
  /** How long the bench's own sandbox keeps transfers and refunds pending (20 ms; long when a test sends Paystack's word itself). */
  settleDelayMs?: number;
  /** The bench's own sandbox set up as a Paystack account may be (Transfer OTP on, collections paid out to the bank). */
  sandboxOptions?: Pick<SandboxOptions, 'transferOtp' | 'settlement'>;
  /** Limits under test (the others stay roomy). */
  rateLimits?: Partial<RateLimits>;
}

export async function startBench(options: BenchOptions = {}): Promise<Bench> {
  const apiPort = options.apiPort ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-payments-test-'));
  let sandbox = options.sandbox;
  if (!sandbox) {
    sandbox = buildPaystackSandbox({
      secretKey: BENCH_SECRET_KEY,
      publicUrl: 'http://sandbox.invalid',
      webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
      stateFile: null,
      retryDelaysMs: [50, 100, 200, 400],
      settleDelayMs: options.settleDelayMs ?? 20,
      logLevel: 'silent',
      ...options.sandboxOptions,
    });
    await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  }
  const address = sandbox.app.server.address();
  const sandboxPort = typeof address === 'object' && address ? address.port : 0;
  const app = await createTestApp({
    env: { DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: BENCH_SECRET_KEY, PAYSTACK_BASE_URL: `http://127.0.0.1:${sandboxPort}`, ...options.env },
    pgliteDir: options.pgliteDir ?? null,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  await app.listen({ port: apiPort, host: '127.0.0.1' });
  const box = sandbox;
  const settle = async () => {
    for (let round = 0; round < 5; round += 1) {
      await box.webhooks.settle();
      await app.payments.idle();
    }
  };
  return {
    app,
    sandbox: box,
    apiPort,
    dataDir,
    settle,
    close: async () => {
      await app.close();
      if (!options.sandbox) {
        box.webhooks.close();
        await box.app.close();
      }
    },
  };
}

export const PICKUP = { hostelName: 'Moremi Hall', blockNumber: 'B', roomNo: '214' };

export interface Shop {
  token: string;
  email: string;
  sellerId: string;
  product: ProductOut;
}

/** A store with one product (price in naira as typed in the back office, stock). */
export async function shopWith(
  app: FastifyInstance,
  name: string,
  price: string,
  stock: number,
  storeFields: Record<string, string> = {},
): Promise<Shop> {
  const seller = await sellerAccount(app, { catalogueName: `${name} store`, ...storeFields });
  const product = await createProduct(app, seller.token, seller.sellerId, { name, price, stockQuantity: String(stock) }, 1);
  return { token: seller.token, email: seller.email, sellerId: seller.sellerId, product };
}

export interface CartAnswer {
  cartId: string | null;
  totals: { totalItems: number; totalPrice: string };
  sellers: Array<{ sellerId: string; items: Array<{ productId: string; quantity: number }> }>;
}

export async function fillCart(
  app: FastifyInstance,
  token: string,
  items: Array<{ productId: string; quantity: number }>,
): Promise<CartAnswer> {
  const res = await post(app, '/cart/add', { items }, token);
  if (res.status !== 200 && res.status !== 201) throw new Error(`add to cart failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (await get(app, '/cart', token)).body.data as CartAnswer;
}

/** The browser's checkout: the total in kobo as a string (spec section 7), the cart id, the pickup details. */
export function checkoutBody(email: string, cart: CartAnswer, overrides: Record<string, unknown> = {}) {
  const kobo = Math.round(Number(cart.totals.totalPrice) * 100);
  return { email, amount: String(kobo), metadata: { cartId: cart.cartId }, ...PICKUP, ...overrides };
}

export interface Initiated {
  authorization_url: string;
  access_code: string;
  reference: string;
}

export async function initiate(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const res = await post(app, '/payments/initiate', body, token);
  return { status: res.status, body: res.body, data: res.body.data as Initiated | undefined };
}

export { signedIn };

/** A buyer's cart of `quantity` units of the shop's product, checked out and paid on the sandbox's page (by card, or by bank transfer). */
export async function paidOrder(on: Bench, shop: Shop, quantity = 1, how: 'pay' | 'pay-transfer' = 'pay') {
  const buyer = await signedIn(on.app);
  const cart = await fillCart(on.app, buyer.token, [{ productId: shop.product.id, quantity }]);
  const started = await initiate(on.app, buyer.token, checkoutBody(buyer.email, cart));
  if (started.status !== 200) throw new Error(`checkout refused: ${started.status} ${JSON.stringify(started.body)}`);
  on.sandbox.act(started.data?.access_code ?? '', how);
  await on.settle();
  const orders = (await get(on.app, '/orders/user', buyer.token)).body.data as unknown[];
  const order: BuyerOrder = buyerOrderSchema.parse(orders[0]);
  return { buyer, order, reference: started.data?.reference ?? '' };
}
