/**
 * A Paystack-compatible sandbox: the endpoints and answer shapes
 * of Paystack's API that the payments code uses, a hosted checkout page with
 * Pay, Decline and Cancel, signed webhooks with Paystack's retries, and
 * transfers and refunds that settle a moment later. The API talks to it with
 * the same client as to Paystack; only the base URL and the key differ.
 *
 * It answers as Paystack's API reference says Paystack answers, unhappy
 * states included (docs/api.md "Paystack, as the sandbox answers it" lists
 * each behaviour and its test): status:false with HTTP 400 for an unknown
 * transaction reference, Paystack's reference rules and minimum amounts, a
 * reused transfer reference refused, transfers in all nine states (`otp`
 * when Transfer OTP is on), refunds through pending, processing, processed,
 * failed and needs-attention, and collections paid out to the bank unless the
 * balance keeps them (`settlement: 'bank'`), so transfers and refunds can fail
 * on an insufficient balance.
 *
 * Test knobs (documented in docs/api.md): an account number ending in 0000
 * resolves but its transfers fail (transfer.failed); one starting with 000
 * does not resolve; an account resolves to `SANDBOX ACCOUNT <last 4>`, or to
 * the holder's name a test gave it with `renameHolder` (the bank now names
 * someone else); "Bank transfer of ₦… instead" on the checkout page makes a
 * payment whose refunds need the customer's account; the OTP for a transfer
 * is 123456. Tests drive the rest with setTransferStatus / setRefundStatus.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { RefundStatus, TransferStatus } from '../paystack/client';
import { guardAndFaults } from './access';
import { SandboxAccount, type CheckoutAction } from './account';
import { refundRoutes } from './routes-refunds';
import { transactionRoutes } from './routes-transactions';
import { bankRoutes, transferRoutes } from './routes-transfers';
import { SandboxStore, type SandboxTransaction } from './store';
import { PAYSTACK_RETRY_DELAYS_MS, WebhookSender } from './webhooks';

export { FAULTS_PATH, SANDBOX_PAGE_CSP } from './access';
export { PAYSTACK_MIN_CHARGE_KOBO } from './routes-transactions';
export { SANDBOX_TRANSFER_OTP } from './routes-transfers';

export interface SandboxOptions {
  secretKey: string;
  /** Where browsers reach the sandbox (the checkout page's address). */
  publicUrl: string;
  /** The API's webhook, POST /api/v1/payments/webhook. */
  webhookUrl: string;
  /** Keep the sandbox's records in this file (survives restarts); memory only when null. */
  stateFile: string | null;
  retryDelaysMs?: readonly number[];
  /** How long transfers and refunds stay pending. */
  settleDelayMs?: number;
  /** Transfer OTP on (Paystack's default for a new business): transfers wait in `otp` until finalised. */
  transferOtp?: boolean;
  /**
   * Where collections go: 'balance' keeps them for transfers and refunds (the set-up docs/api.md asks for
   * going live); 'bank' pays them out to the business's bank at each settlement, as Paystack does by default.
   */
  settlement?: 'balance' | 'bank';
  logLevel?: string;
}

export interface PaystackSandbox {
  app: FastifyInstance;
  webhooks: WebhookSender;
  store: SandboxStore;
  /** Acts on the checkout page as a student would (tests, benchmarks). */
  act(accessCode: string, action: CheckoutAction): SandboxTransaction;
  /** Settles the pending transfers and refunds now (and, with settlement 'bank', pays collections out to the bank). */
  settleNow(): void;
  /** The NGN balance GET /balance reports, in kobo. */
  balanceKobo(): number;
  /** Moves a transfer to any of Paystack's states, with the webhook Paystack sends for it (success, failed, reversed). */
  setTransferStatus(reference: string, status: TransferStatus): void;
  /** Moves a refund to any of Paystack's states, with its refund.* webhook. */
  setRefundStatus(id: number, status: RefundStatus): void;
  /** The business tops up its balance (Paystack's Top Up). */
  topUp(kobo: number): void;
  /** From now on the account resolves to this holder's name (tests: the bank names someone else). */
  renameHolder(accountNumber: string, name: string): void;
}

/** The sandbox, built (not listening): its Fastify app, and the handles tests and benchmarks drive it by. */
export function buildPaystackSandbox(options: SandboxOptions): PaystackSandbox {
  const app = Fastify({ logger: { level: options.logLevel ?? 'warn' } });
  const store = new SandboxStore(options.stateFile);
  const webhooks = new WebhookSender(options.webhookUrl, options.secretKey, options.retryDelaysMs ?? PAYSTACK_RETRY_DELAYS_MS, app.log);
  const account = new SandboxAccount(store, webhooks, options.settleDelayMs ?? 2_000, options.settlement ?? 'balance');

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  guardAndFaults(app, options.secretKey);
  transactionRoutes(app, account, options.publicUrl.replace(/\/+$/, ''));
  bankRoutes(app, account);
  transferRoutes(app, account, options);
  refundRoutes(app, account, webhooks);
  app.addHook('onClose', async () => account.close());

  return {
    app,
    webhooks,
    store,
    act: (accessCode, action) => account.act(accessCode, action),
    settleNow: () => account.settleNow(),
    balanceKobo: () => account.balanceKobo(),
    setTransferStatus: (reference: string, status: TransferStatus) => account.setTransferStatus(reference, status),
    setRefundStatus: (id: number, status: RefundStatus) => account.setRefundStatus(id, status),
    topUp: (kobo) => account.topUp(kobo),
    renameHolder: (accountNumber, name) => account.renameHolder(accountNumber, name),
  };
}
