/** Paystack's refund endpoints (Create, Retry with customer details, List, Fetch) and Check Balance. */
import type { FastifyInstance } from 'fastify';
import type { SandboxAccount } from './account';
import { asRecord, fail, koboOf, NOT_ENOUGH_BALANCE, ok, refundData, refundEventData } from './answers';
import { SANDBOX_BANKS } from './banks';
import type { SandboxRefund } from './store';
import type { WebhookSender } from './webhooks';

export function refundRoutes(app: FastifyInstance, account: SandboxAccount, webhooks: WebhookSender): void {
  const { store } = account;

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
    if (account.settlement === 'bank' && account.balanceKobo() < amount) return fail(reply, 400, NOT_ENOUGH_BALANCE);
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
    account.later(() => account.advanceRefunds());
    account.later(() => account.later(() => account.advanceRefunds()));
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
    account.setRefundStatus(refund.id, 'processing');
    account.later(() => account.advanceRefunds());
    return ok('Refund retried and has been queued for processing', refundData(refund));
  });

  refundReadRoutes(app, account);
}

function refundReadRoutes(app: FastifyInstance, account: SandboxAccount): void {
  const { store } = account;
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
  app.get('/balance', async () => ok('Balances retrieved', [{ currency: 'NGN', balance: account.balanceKobo() }]));
}
