/**
 * Paystack's Initialize and Verify Transaction, and the hosted checkout page the student
 * pays on (GET shows it, POST is a button press, answered by a redirect to the shop's callback).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from './account';
import { asRecord, code, fail, koboOf, ok, transactionData } from './answers';
import { checkoutPage } from './checkout-page';
import type { SandboxTransaction } from './store';

/** Paystack's minimum NGN charge (₦50; the API reference's supported-currency table). */
export const PAYSTACK_MIN_CHARGE_KOBO = 5_000;

export function transactionRoutes(app: FastifyInstance, account: SandboxAccount, publicUrl: string): void {
  const { store } = account;

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
    if (account.byReference(reference)) return fail(reply, 400, 'Duplicate Transaction Reference');
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
    const t = account.byReference(request.params.reference);
    if (!t) return fail(reply, 400, 'Transaction reference not found');
    return ok('Verification successful', transactionData(t));
  });

  checkoutPageRoutes(app, account);
}

function checkoutPageRoutes(app: FastifyInstance, account: SandboxAccount): void {
  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const t = account.store.transactions.find((x) => x.accessCode === request.params.accessCode);
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
      t = account.act(request.params.accessCode, action);
    } catch {
      return reply.status(404).type('text/html').send('<p>This payment page does not exist.</p>');
    }
    if (!t.callbackUrl) return reply.type('text/html').send(checkoutPage(t));
    const back = new URL(t.callbackUrl);
    back.searchParams.set('trxref', t.reference);
    back.searchParams.set('reference', t.reference);
    return reply.redirect(back.toString(), 303);
  });
}
