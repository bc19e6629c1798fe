/**
 * Paystack's transfer endpoints: List Banks, Resolve Account Number, Create Transfer
 * Recipient, Initiate, Finalize (the OTP) and Verify Transfer.
 */
import type { FastifyInstance } from 'fastify';
import { PAYSTACK_MIN_TRANSFER_KOBO, paystackTransferFeeKobo } from '../paystack/fees';
import type { SandboxAccount } from './account';
import { asRecord, code, fail, koboOf, NOT_ENOUGH_BALANCE, ok, transferData } from './answers';
import { SANDBOX_BANKS } from './banks';
import type { SandboxTransfer } from './store';

/** The one OTP the sandbox takes for a transfer in `otp`. */
export const SANDBOX_TRANSFER_OTP = '123456';

export function bankRoutes(app: FastifyInstance, account: SandboxAccount): void {
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
    return ok('Account number resolved', { account_number: number, account_name: account.holderOf(number), bank_id: Number(bank) });
  });

  app.post('/transferrecipient', async (request, reply) => {
    const body = asRecord(request.body);
    const number = typeof body.account_number === 'string' ? body.account_number : '';
    const bank = SANDBOX_BANKS.find((b) => b.code === body.bank_code);
    if (body.type !== 'nuban' || !/^\d{10}$/.test(number) || !bank) return fail(reply, 400, 'Account details are invalid');
    const { store } = account;
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
}

/** `options.transferOtp` is read on each transfer: a test turns Transfer OTP on and off as the business would in its dashboard. */
export function transferRoutes(app: FastifyInstance, account: SandboxAccount, options: { transferOtp?: boolean }): void {
  const { store } = account;

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
    if (account.balanceKobo() < amount + paystackTransferFeeKobo(amount)) return fail(reply, 400, NOT_ENOUGH_BALANCE);
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
    account.later(() => account.settleTransfer(transfer));
    return ok('Transfer has been queued', transferData(transfer));
  });

  app.post('/transfer/finalize_transfer', async (request, reply) => {
    const body = asRecord(request.body);
    const transfer = store.transfers.find((t) => t.transferCode === body.transfer_code);
    if (!transfer || transfer.status !== 'otp') return fail(reply, 400, 'Transfer code is invalid');
    if (body.otp !== SANDBOX_TRANSFER_OTP) return fail(reply, 400, 'Invalid OTP');
    transfer.status = 'pending';
    store.save();
    account.later(() => account.settleTransfer(transfer));
    return ok('Transfer has been queued', transferData(transfer));
  });

  app.get<{ Params: { reference: string } }>('/transfer/verify/:reference', async (request, reply) => {
    const transfer = store.transfers.find((t) => t.reference === request.params.reference);
    if (!transfer) return fail(reply, 404, 'Transfer not found');
    return ok('Transfer retrieved', transferData(transfer));
  });
}
