/**
 * A Paystack-compatible sandbox (issue 11): the endpoints and answer shapes
 * of Paystack's API that the payments code uses, a hosted checkout page with
 * Pay, Decline and Cancel, signed webhooks with Paystack's retries, and
 * transfers and refunds that settle a moment later. The API talks to it with
 * the same client as to Paystack; only the base URL and the key differ.
 *
 * Test knobs (documented in docs/api.md): an account number ending in 0000
 * resolves but its transfers fail (transfer.failed); one starting with 000
 * does not resolve. An account resolves to `SANDBOX ACCOUNT <last 4>`, or to
 * the holder's name a test gave it with `renameHolder` (the bank now names
 * someone else).
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { escapeHtml } from '../../lib/html';
import { paystackLocalFeeKobo, paystackTransferFeeKobo } from '../paystack/fees';
import { koboFromWire } from '../paystack/wire';
import { SANDBOX_BANKS } from './banks';
import { SandboxStore, type SandboxTransaction, type SandboxTransfer } from './store';
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
  logLevel?: string;
}

export interface PaystackSandbox {
  app: FastifyInstance;
  webhooks: WebhookSender;
  store: SandboxStore;
  /** Acts on the checkout page as a student would (tests, benchmarks). */
  act(accessCode: string, action: 'pay' | 'decline' | 'cancel'): SandboxTransaction;
  /** Settles the pending transfers and refunds now. */
  settleNow(): void;
  /** The NGN balance GET /balance reports, in kobo. */
  balanceKobo(): number;
  /** From now on the account resolves to this holder's name (tests: the bank names someone else). */
  renameHolder(accountNumber: string, name: string): void;
}

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
    channel: 'card',
    metadata: t.metadata,
    customer: { email: t.email },
  };
}

function transferData(t: SandboxTransfer) {
  return {
    transfer_code: t.transferCode,
    reference: t.reference,
    status: t.status,
    amount: t.amount,
    // What Paystack takes from the balance besides the amount (booked by the API once the transfer succeeds).
    fee_charged: paystackTransferFeeKobo(t.amount),
    currency: 'NGN',
    reason: t.reason,
    recipient: t.recipientCode,
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
${done ? `<p role="status">This payment is ${escapeHtml(t.status)}.</p>` : `<form method="post" action="/checkout/${encodeURIComponent(t.accessCode)}">
<label for="card">Card number (test card)</label><input id="card" name="card" inputmode="numeric" autocomplete="off" value="${TEST_CARD}">
<button class="pay" name="action" value="pay">Pay ${naira}</button>
<button class="decline" name="action" value="decline">Decline (card refused)</button>
<button class="cancel" name="action" value="cancel">Cancel payment</button></form>`}
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
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const pending = new Set<NodeJS.Timeout>();
  const renamedHolders = new Map<string, string>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // The secret key guards the API, as Paystack's does; the checkout page is the student's.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/checkout/')) return;
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) return fail(reply, 401, 'Invalid key');
  });

  const byReference = (reference: string) => store.transactions.find((t) => t.reference === reference);

  function act(accessCode: string, action: 'pay' | 'decline' | 'cancel'): SandboxTransaction {
    const t = store.transactions.find((x) => x.accessCode === accessCode);
    if (!t) throw new Error(`No sandbox transaction with access code ${accessCode}`);
    if (t.status !== 'abandoned') return t;
    if (action === 'pay') {
      t.status = 'success';
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

  function settleTransfer(t: SandboxTransfer): void {
    if (t.status !== 'pending') return;
    const recipient = store.recipients.find((r) => r.recipientCode === t.recipientCode);
    t.status = recipient?.accountNumber.endsWith('0000') ? 'failed' : 'success';
    store.save();
    webhooks.send(`transfer.${t.status}`, transferData(t));
  }

  function settleRefunds(): void {
    for (const refund of store.refunds.filter((r) => r.status === 'pending')) {
      refund.status = 'processed';
      const t = byReference(refund.transactionReference);
      const refunded = store.refunds.filter((r) => r.transactionReference === refund.transactionReference).reduce((sum, r) => sum + r.amount, 0);
      if (t && refunded >= t.amount) t.status = 'reversed';
      store.save();
      webhooks.send('refund.processed', { id: refund.id, status: 'processed', transaction_reference: refund.transactionReference, amount: refund.amount, currency: 'NGN' });
    }
  }

  function settleNow(): void {
    for (const t of store.transfers) settleTransfer(t);
    settleRefunds();
  }

  /** Charges less Paystack's fees, less settled transfers and their fees, less processed refunds. */
  function balanceKobo(): number {
    const paid = store.transactions.filter((t) => t.status === 'success' || t.status === 'reversed');
    const charged = paid.reduce((sum, t) => sum + t.amount - paystackLocalFeeKobo(t.amount), 0);
    const sent = store.transfers.filter((t) => t.status === 'success').reduce((sum, t) => sum + t.amount + paystackTransferFeeKobo(t.amount), 0);
    const refunded = store.refunds.filter((r) => r.status === 'processed').reduce((sum, r) => sum + r.amount, 0);
    return charged - sent - refunded;
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
    if (amount === null) return fail(reply, 400, 'Invalid Amount Sent');
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    if (currency !== 'NGN') return fail(reply, 400, 'Currency not supported by merchant');
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : code('T');
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
    return ok('Authorization URL created', { authorization_url: `${publicUrl}/checkout/${t.accessCode}`, access_code: t.accessCode, reference });
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const t = byReference(request.params.reference);
    if (!t) return fail(reply, 404, 'Transaction reference not found');
    return ok('Verification successful', transactionData(t));
  });

  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const t = store.transactions.find((x) => x.accessCode === request.params.accessCode);
    if (!t) return reply.status(404).type('text/html').send('<!doctype html><title>Not found</title><p>This payment page does not exist.</p>');
    return reply.type('text/html').header('cache-control', 'no-store').send(checkoutPage(t));
  });

  app.post<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const action = asRecord(request.body).action;
    if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return reply.status(400).type('text/html').send('<p>Choose Pay, Decline or Cancel.</p>');
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
    const page = SANDBOX_BANKS.slice(start, start + perPage).map((b) => ({ ...b, active: true, currency: 'NGN', type: 'nuban' }));
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
      recipient = { recipientCode: code('RCP'), name: typeof body.name === 'string' ? body.name : '', accountNumber: number, bankCode: bank.code };
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
    if (amount === null) return fail(reply, 400, 'Invalid amount');
    if (!recipient) return fail(reply, 400, 'Recipient specified is invalid');
    if (!/^[a-z0-9_-]{16,50}$/.test(reference)) return fail(reply, 400, 'Invalid transfer reference');
    const existing = store.transfers.find((t) => t.reference === reference);
    if (existing) {
      if (existing.amount !== amount || existing.recipientCode !== recipient.recipientCode) return fail(reply, 400, 'Duplicate Transfer Reference');
      return ok('Transfer has been queued', transferData(existing));
    }
    const transfer: SandboxTransfer = {
      transferCode: code('TRF'),
      reference,
      amount,
      recipientCode: recipient.recipientCode,
      reason: typeof body.reason === 'string' ? body.reason : '',
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    store.transfers.push(transfer);
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
    const refunded = store.refunds.filter((r) => r.transactionReference === t.reference).reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? t.amount - refunded : koboOf(body.amount);
    if (amount === null || amount <= 0 || refunded + amount > t.amount) return fail(reply, 400, 'Refund amount cannot be greater than transaction amount');
    store.refunds.push({ id: store.nextId(), transactionReference: t.reference, amount, status: 'pending' });
    store.save();
    later(settleRefunds);
    return ok('Refund has been queued for processing', { transaction: { id: t.id, reference: t.reference, amount: t.amount }, amount, currency: 'NGN', status: 'pending' });
  });

  // Paystack's List Refunds, filtered by the transaction's reference (what a retry checks before refunding again).
  app.get<{ Querystring: { reference?: string } }>('/refund', async (request) => {
    const list = store.refunds.filter((r) => request.query.reference === undefined || r.transactionReference === request.query.reference);
    return ok('Refunds retrieved', list.map((r) => ({ id: r.id, transaction_reference: r.transactionReference, amount: r.amount, currency: 'NGN', status: r.status })));
  });

  // Paystack's Check Balance: one entry per currency.
  app.get('/balance', async () => ok('Balances retrieved', [{ currency: 'NGN', balance: balanceKobo() }]));

  app.addHook('onClose', async () => {
    for (const timer of pending) clearTimeout(timer);
    webhooks.close();
  });

  const renameHolder = (accountNumber: string, name: string) => void renamedHolders.set(accountNumber, name);
  return { app, webhooks, store, act, settleNow, balanceKobo, renameHolder };
}
