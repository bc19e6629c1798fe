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
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { escapeHtml } from '../../../lib/html';
import type { RefundStatus, TransferStatus } from '../paystack/client';
import { PAYSTACK_MIN_TRANSFER_KOBO, paystackLocalFeeKobo, paystackTransferFeeKobo } from '../paystack/fees';
import { koboFromWire } from '../paystack/wire';
import { SANDBOX_BANKS } from './banks';
import { SandboxStore, type SandboxRefund, type SandboxTransaction, type SandboxTransfer } from './store';
import { PAYSTACK_RETRY_DELAYS_MS, WebhookSender } from './webhooks';

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
  act(accessCode: string, action: 'pay' | 'pay-transfer' | 'decline' | 'cancel'): SandboxTransaction;
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

/** The sandbox's own switch for a Paystack outage (not one of Paystack's endpoints). */
export const FAULTS_PATH = '/sandbox/faults';

/** Paystack's minimum NGN charge (₦50; the API reference's supported-currency table) and transfer (₦100, dashboard help). */
export const PAYSTACK_MIN_CHARGE_KOBO = 5_000;
/** The one OTP the sandbox takes for a transfer in `otp`. */
export const SANDBOX_TRANSFER_OTP = '123456';

/** The checkout page's policy: its own inline style sheet, no script, never framed. */
export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";
const NOT_ENOUGH_BALANCE = 'Your balance is not enough to fulfil this request';

const TEST_CARD = '4084 0840 8408 4081';

const fail = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ status: false, message });
const ok = (message: string, data: unknown) => ({ status: true, message, data });
const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function transactionData(t: SandboxTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    fees: t.status === 'success' || t.status === 'reversed' ? paystackLocalFeeKobo(t.amount) : null,
    gateway_response: t.gatewayResponse,
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel ?? 'card',
    metadata: t.metadata,
    customer: { email: t.email },
  };
}

function transferData(t: SandboxTransfer) {
  const failed = t.status === 'failed' || t.status === 'reversed';
  return {
    transfer_code: t.transferCode,
    reference: t.reference,
    status: t.status,
    amount: t.amount,
    // What Paystack takes from the balance besides the amount (booked by the API once the transfer succeeds).
    fee_charged: paystackTransferFeeKobo(t.amount),
    currency: 'NGN',
    // The merchant's own narration, echoed back: never a cause.
    reason: t.reason,
    gateway_response: failed ? 'Beneficiary bank unavailable' : null,
    recipient: t.recipientCode,
  };
}

function refundData(r: SandboxRefund) {
  return {
    id: r.id,
    transaction: r.transactionId,
    amount: r.amount,
    currency: 'NGN',
    status: r.status,
    createdAt: r.createdAt,
    channel: 'card',
  };
}

/** Paystack's refund webhooks carry no refund id (only refund.needs-attention does), and some send the amount as a string. */
function refundEventData(r: SandboxRefund, email: string) {
  return {
    ...(r.status === 'needs-attention' ? { id: String(r.id) } : {}),
    status: r.status,
    transaction_reference: r.transactionReference,
    refund_reference: r.status === 'processed' ? `TRF_${r.id}` : null,
    amount: String(r.amount),
    currency: 'NGN',
    processor: 'sandbox',
    customer: { email },
    domain: 'test',
  };
}

function checkoutPage(t: SandboxTransaction): string {
  const naira = formatNaira(koboToDecimalString(t.amount));
  const done = t.status !== 'abandoned';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${naira} · Paystack sandbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a202c}main{max-width:26rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002}h1{font-size:1.25rem;margin:0 0 .25rem}
label{display:block;font-weight:600;margin-top:1rem}input{width:100%;box-sizing:border-box;font:inherit;padding:.75rem;border:1px solid #718096;border-radius:8px}
button{display:block;width:100%;font:inherit;font-weight:600;padding:.85rem;margin-top:.75rem;border-radius:8px;border:2px solid transparent;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}.pay{background:#276749;color:#fff}.decline{background:#fff;border-color:#c53030;color:#9b2c2c}
.cancel{background:none;color:#2d3748;text-decoration:underline}.note{font-size:.875rem;color:#4a5568}</style></head>
<body><main><div class="card"><p class="note">Paystack sandbox: no real money moves.</p>
<h1>Pay ${naira}</h1><p>${escapeHtml(t.email)}</p>
${
  done
    ? `<p role="status">This payment is ${escapeHtml(t.status)}.</p>`
    : `<form method="post" action="/checkout/${encodeURIComponent(t.accessCode)}">
<label for="card">Card number (test card)</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="${TEST_CARD}">
<button class="pay" name="action" value="pay">Pay ${naira}</button>
<button class="pay" name="action" value="pay-transfer">Bank transfer of ${naira} instead</button>
<button class="decline" name="action" value="decline">Decline (card refused)</button>
<button class="cancel" name="action" value="cancel">Cancel payment</button></form>`
}
<p class="note">Reference ${escapeHtml(t.reference)}</p></div></main></body></html>`;
}

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A positive amount in kobo, else null (Paystack refuses zero amounts). */
function koboOf(value: unknown): number | null {
  const kobo = koboFromWire(value);
  return kobo !== null && kobo > 0 ? kobo : null;
}

export function buildPaystackSandbox(options: SandboxOptions): PaystackSandbox {
  const app = Fastify({ logger: { level: options.logLevel ?? 'warn' } });
  const store = new SandboxStore(options.stateFile);
  const webhooks = new WebhookSender(options.webhookUrl, options.secretKey, options.retryDelaysMs ?? PAYSTACK_RETRY_DELAYS_MS, app.log);
  const settleDelayMs = options.settleDelayMs ?? 2_000;
  const settlement = options.settlement ?? 'balance';
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const pending = new Set<NodeJS.Timeout>();
  const renamedHolders = new Map<string, string>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // The secret key guards the API, as Paystack's does; the checkout page is the student's.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/checkout/')) {
      // The page stands in for Paystack's hosted checkout, which the shop opens by redirecting to
      // Initialize Transaction's `authorization_url` (never framed: the shop uses no Popup). So no
      // site may frame it (a Pay button under someone else's page), and it runs no script.
      // form-action stays open: its form is answered by a redirect to the shop's callback.
      reply.header('content-security-policy', SANDBOX_PAGE_CSP).header('x-frame-options', 'DENY');
      return;
    }
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) return fail(reply, 401, 'Invalid key');
    if (request.url.split('?')[0] === FAULTS_PATH || !fault || Date.now() >= fault.until) return;
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault?.delayMs ?? 0));
    if (fault.status !== null) return fail(reply, fault.status, 'An error occurred');
  });

  // A Paystack outage on demand (the load run's faults, npm run load -- --faults; a 5xx answers as
  // Paystack's API reference's Errors section says one does: { status: false, message }): for `forMs`, every
  // call of its API answers after `delayMs` and, with `status`, fails with it. The checkout page and
  // the webhooks are not touched. Behind the secret key like the rest; the sandbox never runs live.
  let fault: { status: number | null; delayMs: number; until: number } | null = null;
  app.post(FAULTS_PATH, async (request) => {
    const body = asRecord(request.body);
    const status = typeof body.status === 'number' && body.status >= 400 && body.status <= 599 ? body.status : null;
    const delayMs = typeof body.delayMs === 'number' && body.delayMs > 0 ? Math.min(body.delayMs, 120_000) : 0;
    const forMs = typeof body.forMs === 'number' && body.forMs > 0 ? Math.min(body.forMs, 600_000) : 0;
    fault = forMs > 0 ? { status, delayMs, until: Date.now() + forMs } : null;
    return ok(fault ? 'Fault set' : 'Fault cleared', fault);
  });

  const byReference = (reference: string) => store.transactions.find((t) => t.reference === reference);
  const emailOf = (reference: string) => byReference(reference)?.email ?? '';

  function act(accessCode: string, action: 'pay' | 'pay-transfer' | 'decline' | 'cancel'): SandboxTransaction {
    const t = store.transactions.find((x) => x.accessCode === accessCode);
    if (!t) throw new Error(`No sandbox transaction with access code ${accessCode}`);
    if (t.status !== 'abandoned') return t;
    if (action === 'pay' || action === 'pay-transfer') {
      t.status = 'success';
      t.channel = action === 'pay' ? 'card' : 'bank_transfer';
      t.gatewayResponse = 'Successful';
      t.paidAt = new Date().toISOString();
      store.save();
      webhooks.send('charge.success', transactionData(t));
    } else if (action === 'decline') {
      t.status = 'failed';
      t.gatewayResponse = 'Declined';
      store.save();
    }
    return t;
  }

  /** Collections less Paystack's fees (those not paid out to the bank), top-ups, less transfers, their fees and refunds. */
  function balanceKobo(): number {
    const paid = store.transactions.filter((t) => t.status === 'success' || t.status === 'reversed');
    const charged = paid.reduce((sum, t) => sum + t.amount - paystackLocalFeeKobo(t.amount), 0);
    // A transfer's money leaves the balance when it is queued and comes back if it does not go through.
    const sent = store.transfers
      .filter((t) => !['failed', 'reversed', 'abandoned', 'blocked', 'rejected'].includes(t.status))
      .reduce((sum, t) => sum + t.amount + (t.status === 'success' ? paystackTransferFeeKobo(t.amount) : 0), 0);
    // A refund is deducted when queued and added back if it fails.
    const refunded = store.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    return charged + store.topUpsKobo - store.settledToBankKobo - sent - refunded;
  }

  /** With settlement 'bank', what the balance holds of collections goes to the business's bank (never more than there is). */
  function settleCollections(): void {
    if (settlement !== 'bank') return;
    const collected = store.transactions
      .filter((t) => t.status === 'success' || t.status === 'reversed')
      .reduce((sum, t) => sum + t.amount - paystackLocalFeeKobo(t.amount), 0);
    const unsettled = collected - store.settledToBankKobo;
    const sweep = Math.min(unsettled, balanceKobo());
    if (sweep <= 0) return;
    store.settledToBankKobo += sweep;
    store.save();
  }

  /** Paystack sends webhooks for these transfer states only. */
  function transferEvent(t: SandboxTransfer): void {
    if (t.status === 'success' || t.status === 'failed' || t.status === 'reversed') webhooks.send(`transfer.${t.status}`, transferData(t));
  }

  function setTransferStatus(reference: string, status: TransferStatus): void {
    const t = store.transfers.find((x) => x.reference === reference);
    if (!t) throw new Error(`No sandbox transfer ${reference}`);
    t.status = status;
    store.save();
    transferEvent(t);
  }

  function settleTransfer(t: SandboxTransfer): void {
    if (t.status !== 'pending') return;
    const recipient = store.recipients.find((r) => r.recipientCode === t.recipientCode);
    setTransferStatus(t.reference, recipient?.accountNumber.endsWith('0000') ? 'failed' : 'success');
  }

  function setRefundStatus(id: number, status: RefundStatus): void {
    const refund = store.refunds.find((r) => r.id === id);
    if (!refund) throw new Error(`No sandbox refund ${id}`);
    refund.status = status;
    const t = byReference(refund.transactionReference);
    if (t && status === 'processed') {
      const refunded = store.refunds
        .filter((r) => r.transactionReference === t.reference && r.status === 'processed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= t.amount) t.status = 'reversed';
    }
    store.save();
    webhooks.send(`refund.${status}`, refundEventData(refund, emailOf(refund.transactionReference)));
  }

  /** A refund moves one step: pending → processing (or needs-attention for a bank-transfer payment without an account) → processed. */
  function advanceRefunds(): void {
    for (const refund of store.refunds) {
      if (refund.status === 'pending') {
        const needsAccount = byReference(refund.transactionReference)?.channel === 'bank_transfer' && !refund.customerAccount;
        setRefundStatus(refund.id, needsAccount ? 'needs-attention' : 'processing');
      } else if (refund.status === 'processing') {
        setRefundStatus(refund.id, 'processed');
      }
    }
  }

  function settleNow(): void {
    for (const t of store.transfers) settleTransfer(t);
    advanceRefunds();
    advanceRefunds();
    settleCollections();
  }

  function topUp(kobo: number): void {
    store.topUpsKobo += kobo;
    store.save();
  }

  function later(run: () => void): void {
    const timer = setTimeout(() => {
      pending.delete(timer);
      run();
    }, settleDelayMs);
    timer.unref();
    pending.add(timer);
  }

  app.post('/transaction/initialize', async (request, reply) => {
    const body = asRecord(request.body);
    const amount = koboOf(body.amount);
    const email = typeof body.email === 'string' ? body.email : '';
    if (!email.includes('@')) return fail(reply, 400, 'Invalid Email Address Passed');
    if (amount === null || amount < PAYSTACK_MIN_CHARGE_KOBO) return fail(reply, 400, 'Invalid Amount Sent');
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    if (currency !== 'NGN') return fail(reply, 400, 'Currency not supported by merchant');
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : code('T').replace('_', '-');
    // "Only -, ., = and alphanumeric characters allowed."
    if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return fail(reply, 400, 'Invalid character in transaction reference');
    if (byReference(reference)) return fail(reply, 400, 'Duplicate Transaction Reference');
    const t: SandboxTransaction = {
      id: store.nextId(),
      reference,
      accessCode: randomBytes(10).toString('hex'),
      email,
      amount,
      currency,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      metadata: body.metadata ?? null,
      status: 'abandoned',
      gatewayResponse: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
    };
    store.transactions.push(t);
    store.save();
    return ok('Authorization URL created', {
      authorization_url: `${publicUrl}/checkout/${t.accessCode}`,
      access_code: t.accessCode,
      reference,
    });
  });

  // Paystack's reference documents 404 here; live it answers 400 with this message (docs/api.md).
  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const t = byReference(request.params.reference);
    if (!t) return fail(reply, 400, 'Transaction reference not found');
    return ok('Verification successful', transactionData(t));
  });

  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const t = store.transactions.find((x) => x.accessCode === request.params.accessCode);
    if (!t)
      return reply.status(404).type('text/html').send('<!doctype html><title>Not found</title><p>This payment page does not exist.</p>');
    return reply.type('text/html').header('cache-control', 'no-store').send(checkoutPage(t));
  });

  app.post<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const action = asRecord(request.body).action;
    if (action !== 'pay' && action !== 'pay-transfer' && action !== 'decline' && action !== 'cancel') {
      return reply.status(400).type('text/html').send('<p>Choose Pay, Decline or Cancel.</p>');
    }
    let t: SandboxTransaction;
    try {
      t = act(request.params.accessCode, action);
    } catch {
      return reply.status(404).type('text/html').send('<p>This payment page does not exist.</p>');
    }
    if (!t.callbackUrl) return reply.type('text/html').send(checkoutPage(t));
    const back = new URL(t.callbackUrl);
    back.searchParams.set('trxref', t.reference);
    back.searchParams.set('reference', t.reference);
    return reply.redirect(back.toString(), 303);
  });

  // Paystack pages its bank list (perPage at most 100; with use_cursor, meta.next names the next page).
  app.get<{ Querystring: { perPage?: string; next?: string } }>('/bank', async (request) => {
    const perPage = Math.min(100, Math.max(1, Number(request.query.perPage) || 50));
    const start = Number(request.query.next ?? 0) || 0;
    const page = SANDBOX_BANKS.slice(start, start + perPage).map((b) => ({
      ...b,
      id: Number(b.code),
      active: true,
      currency: 'NGN',
      type: 'nuban',
    }));
    const next = start + perPage < SANDBOX_BANKS.length ? String(start + perPage) : null;
    return { ...ok('Banks retrieved', page), meta: { next, previous: start > 0 ? String(Math.max(0, start - perPage)) : null, perPage } };
  });

  app.get<{ Querystring: { account_number?: string; bank_code?: string } }>('/bank/resolve', async (request, reply) => {
    const { account_number: number = '', bank_code: bank = '' } = request.query;
    if (!/^\d{10}$/.test(number) || !SANDBOX_BANKS.some((b) => b.code === bank) || number.startsWith('000')) {
      return fail(reply, 422, 'Could not resolve account name. Check parameters or try again.');
    }
    const holder = renamedHolders.get(number) ?? `SANDBOX ACCOUNT ${number.slice(-4)}`;
    return ok('Account number resolved', { account_number: number, account_name: holder, bank_id: Number(bank) });
  });

  app.post('/transferrecipient', async (request, reply) => {
    const body = asRecord(request.body);
    const number = typeof body.account_number === 'string' ? body.account_number : '';
    const bank = SANDBOX_BANKS.find((b) => b.code === body.bank_code);
    if (body.type !== 'nuban' || !/^\d{10}$/.test(number) || !bank) return fail(reply, 400, 'Account details are invalid');
    let recipient = store.recipients.find((r) => r.accountNumber === number && r.bankCode === bank.code);
    if (!recipient) {
      recipient = {
        recipientCode: code('RCP'),
        name: typeof body.name === 'string' ? body.name : '',
        accountNumber: number,
        bankCode: bank.code,
      };
      store.recipients.push(recipient);
      store.save();
    }
    return reply.status(201).send(
      ok('Transfer recipient created successfully', {
        recipient_code: recipient.recipientCode,
        type: 'nuban',
        name: recipient.name,
        active: true,
        details: { account_number: number, account_name: recipient.name, bank_code: bank.code, bank_name: bank.name },
      }),
    );
  });

  app.post('/transfer', async (request, reply) => {
    const body = asRecord(request.body);
    const amount = koboOf(body.amount);
    const reference = typeof body.reference === 'string' ? body.reference : '';
    const recipient = store.recipients.find((r) => r.recipientCode === body.recipient);
    if (amount === null) return fail(reply, 400, 'Invalid amount passed.');
    if (amount < PAYSTACK_MIN_TRANSFER_KOBO) return fail(reply, 400, 'Transfer amount is below the minimum of NGN 100');
    if (!recipient) return fail(reply, 400, 'Recipient specified is invalid');
    // "a lowercase alphanumeric string with only -,_ symbols allowed", at least 16 characters.
    if (!/^[a-z0-9_-]{16,100}$/.test(reference)) return fail(reply, 400, 'Invalid transfer reference');
    // Paystack refuses a reference used before, whatever the transfer: it never answers with the old one.
    if (store.transfers.some((t) => t.reference === reference)) return fail(reply, 400, 'Duplicate Transfer Reference');
    if (balanceKobo() < amount + paystackTransferFeeKobo(amount)) return fail(reply, 400, NOT_ENOUGH_BALANCE);
    const transfer: SandboxTransfer = {
      transferCode: code('TRF'),
      reference,
      amount,
      recipientCode: recipient.recipientCode,
      reason: typeof body.reason === 'string' ? body.reason : '',
      status: options.transferOtp ? 'otp' : 'pending',
      createdAt: new Date().toISOString(),
    };
    store.transfers.push(transfer);
    store.save();
    if (transfer.status === 'otp') return ok('Transfer requires OTP to continue', transferData(transfer));
    later(() => settleTransfer(transfer));
    return ok('Transfer has been queued', transferData(transfer));
  });

  app.post('/transfer/finalize_transfer', async (request, reply) => {
    const body = asRecord(request.body);
    const transfer = store.transfers.find((t) => t.transferCode === body.transfer_code);
    if (!transfer || transfer.status !== 'otp') return fail(reply, 400, 'Transfer code is invalid');
    if (body.otp !== SANDBOX_TRANSFER_OTP) return fail(reply, 400, 'Invalid OTP');
    transfer.status = 'pending';
    store.save();
    later(() => settleTransfer(transfer));
    return ok('Transfer has been queued', transferData(transfer));
  });

  app.get<{ Params: { reference: string } }>('/transfer/verify/:reference', async (request, reply) => {
    const transfer = store.transfers.find((t) => t.reference === request.params.reference);
    if (!transfer) return fail(reply, 404, 'Transfer not found');
    return ok('Transfer retrieved', transferData(transfer));
  });

  app.post('/refund', async (request, reply) => {
    const body = asRecord(request.body);
    const t = store.transactions.find((x) => x.reference === body.transaction || String(x.id) === String(body.transaction));
    if (!t) return fail(reply, 404, 'Transaction not found');
    if (t.status === 'reversed') return fail(reply, 400, 'Transaction has been fully reversed');
    if (t.status !== 'success') return fail(reply, 400, 'Cannot refund a transaction that is not successful');
    const refunded = store.refunds
      .filter((r) => r.transactionReference === t.reference && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? t.amount - refunded : koboOf(body.amount);
    if (amount === null || amount <= 0 || refunded + amount > t.amount)
      return fail(reply, 400, 'Refund amount cannot be greater than transaction amount');
    // A balance that keeps collections takes refunds from what comes in next; one paid out to the bank needs the money there.
    if (settlement === 'bank' && balanceKobo() < amount) return fail(reply, 400, NOT_ENOUGH_BALANCE);
    const refund: SandboxRefund = {
      id: store.nextId(),
      transactionId: t.id,
      transactionReference: t.reference,
      amount,
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    store.refunds.push(refund);
    store.save();
    webhooks.send('refund.pending', refundEventData(refund, t.email));
    later(advanceRefunds);
    later(() => later(advanceRefunds));
    return ok('Refund has been queued for processing', {
      ...refundData(refund),
      transaction: { id: t.id, reference: t.reference, amount: t.amount, paid_at: t.paidAt, channel: t.channel ?? 'card', currency: 'NGN' },
    });
  });

  app.post<{ Params: { id: string } }>('/refund/retry_with_customer_details/:id', async (request, reply) => {
    const refund = store.refunds.find((r) => String(r.id) === request.params.id);
    if (!refund || refund.status !== 'needs-attention')
      return fail(reply, 422, 'Invalid Refund state, refund status should be "needs-attention"');
    const details = asRecord(asRecord(request.body).refund_account_details);
    const accountNumber = typeof details.account_number === 'string' ? details.account_number : '';
    const bankId = typeof details.bank_id === 'string' || typeof details.bank_id === 'number' ? String(details.bank_id) : '';
    if (details.currency !== 'NGN' || !/^\d{10}$/.test(accountNumber) || !SANDBOX_BANKS.some((b) => String(Number(b.code)) === bankId)) {
      return fail(reply, 400, 'Invalid refund account details');
    }
    refund.customerAccount = { accountNumber, bankId };
    setRefundStatus(refund.id, 'processing');
    later(advanceRefunds);
    return ok('Refund retried and has been queued for processing', refundData(refund));
  });

  // Paystack's List Refunds documents paging and dates only: no transaction filter, so none is applied here.
  app.get<{ Querystring: { perPage?: string; page?: string; from?: string; to?: string } }>('/refund', async (request) => {
    const perPage = Math.min(100, Math.max(1, Number(request.query.perPage) || 50));
    const page = Math.max(1, Number(request.query.page) || 1);
    const from = request.query.from ? Date.parse(request.query.from) : Number.NEGATIVE_INFINITY;
    const to = request.query.to ? Date.parse(request.query.to) : Number.POSITIVE_INFINITY;
    const list = store.refunds.filter((r) => Date.parse(r.createdAt) >= from && Date.parse(r.createdAt) <= to).reverse();
    const rows = list.slice((page - 1) * perPage, page * perPage);
    return {
      ...ok('Refunds retrieved', rows.map(refundData)),
      meta: { total: list.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(list.length / perPage)) },
    };
  });

  app.get<{ Params: { id: string } }>('/refund/:id', async (request, reply) => {
    const refund = store.refunds.find((r) => String(r.id) === request.params.id);
    if (!refund) return fail(reply, 404, 'Refund not found');
    return ok('Refund retrieved', refundData(refund));
  });

  // Paystack's Check Balance: one entry per currency.
  app.get('/balance', async () => ok('Balances retrieved', [{ currency: 'NGN', balance: balanceKobo() }]));

  app.addHook('onClose', async () => {
    for (const timer of pending) clearTimeout(timer);
    webhooks.close();
  });

  const renameHolder = (accountNumber: string, name: string) => void renamedHolders.set(accountNumber, name);
  return { app, webhooks, store, act, settleNow, balanceKobo, setTransferStatus, setRefundStatus, topUp, renameHolder };
}
