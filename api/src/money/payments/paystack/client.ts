/**
 * Paystack's HTTP API with the secret key (https://paystack.com/docs/api/):
 * transactions, banks, transfer recipients, transfers and refunds. Amounts
 * are integer kobo, currency NGN. The live service and the built-in sandbox
 * (payments/sandbox) answer the same requests; only the base URL and key differ.
 *
 * Every answer is checked with a schema of the fields we rely on, so a change
 * on Paystack's side fails loudly here instead of deep in the money code.
 */
import { z } from 'zod';

export const PAYSTACK_LIVE_BASE_URL = 'https://api.paystack.co';

/** Paystack's transaction states that matter to us; others (ongoing, queued, …) read as not yet paid. */
const transactionSchema = z.object({
  /** Paystack's numeric id of the transaction: its refunds name it by this. */
  id: z.number().int().optional(),
  /** card, bank_transfer, ussd, …: a refund of a bank-transfer or USSD payment needs the customer's account. */
  channel: z.string().nullable().optional(),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** Paystack's fee on the charge, in kobo (deducted from what it settles to us). */
  fees: z.number().int().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  gateway_response: z.string().nullable().optional(),
});
export type PaystackTransaction = z.infer<typeof transactionSchema>;

const initializeSchema = z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() });
export type PaystackInitialized = z.infer<typeof initializeSchema>;

const bankSchema = z.object({
  /** Paystack's numeric bank id: Retry Refund names the customer's bank by it. */
  id: z.number().int().optional(),
  name: z.string(),
  code: z.string(),
  slug: z.string().optional(),
  active: z.boolean().optional(),
  currency: z.string().optional(),
});
export type PaystackBank = z.infer<typeof bankSchema>;

const resolvedAccountSchema = z.object({ account_number: z.string(), account_name: z.string() });
const recipientSchema = z.object({ recipient_code: z.string() });
/**
 * Paystack's documented transfer states (paystack.com/docs/transfers/how-transfers-work):
 * conclusive ones end the transfer; `otp` waits for a one-time password (Transfer OTP is on),
 * `received` for the merchant server's approval, `pending` for the bank. A reversal can follow a success.
 */
export const TRANSFER_STATUSES = [
  'pending',
  'success',
  'failed',
  'reversed',
  'otp',
  'received',
  'abandoned',
  'blocked',
  'rejected',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Conclusive transfer states: nothing more happens to such a transfer but a reversal of a success. */
export const FINAL_TRANSFER_STATUSES: readonly TransferStatus[] = ['success', 'failed', 'reversed', 'abandoned', 'blocked', 'rejected'];
/** Final states in which no money left the balance: the payout must be made again under a new reference. */
export const UNPAID_TRANSFER_STATUSES: readonly TransferStatus[] = ['failed', 'reversed', 'abandoned', 'blocked', 'rejected'];

const transferSchema = z.object({
  transfer_code: z.string(),
  reference: z.string(),
  /** An unknown state (one Paystack adds later) reads as still under way: never as paid or failed. */
  status: z
    .string()
    .transform((s): TransferStatus | 'unknown' =>
      (TRANSFER_STATUSES as readonly string[]).includes(s) ? (s as TransferStatus) : 'unknown',
    ),
  /** The bank's or Paystack's word on a failure, when there is one (never our own narration, `reason`). */
  gateway_response: z.string().nullable().optional(),
  amount: z.number().int(),
  /** Paystack's fee on the transfer, in kobo, when it says (taken from the balance besides the amount). */
  fee_charged: z.number().int().nonnegative().nullable().optional(),
});
export type PaystackTransfer = z.infer<typeof transferSchema>;
const balanceSchema = z.array(z.object({ currency: z.string(), balance: z.number().int() }));
/**
 * Paystack's refund states (paystack.com/docs/payments/refunds): pending and processing are under way,
 * processed is final, failed puts the money back on the transaction, needs-attention waits for the
 * customer's bank account (bank-transfer and USSD payments): POST /refund/retry_with_customer_details/:id.
 */
export const REFUND_STATUSES = ['pending', 'processing', 'processed', 'failed', 'needs-attention'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
const refundStatus = z
  .string()
  .transform((s): RefundStatus | 'unknown' => ((REFUND_STATUSES as readonly string[]).includes(s) ? (s as RefundStatus) : 'unknown'));
/** Amounts come as numbers, and in some of Paystack's samples as digit strings. */
const wireKobo = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/** Create Refund's answer: `transaction` is the charged transaction (an object here, an id in lists). */
const createdRefundSchema = z.object({
  id: z.number().int(),
  status: refundStatus,
  amount: wireKobo,
  transaction: z.object({ id: z.number().int(), reference: z.string() }),
});
/** A refund in List Refunds, Fetch Refund and Retry Refund: `transaction` is the transaction's numeric id. */
const refundSchema = z.object({
  id: z.number().int(),
  status: refundStatus,
  amount: wireKobo,
  transaction: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
});
export type PaystackRefund = z.infer<typeof refundSchema>;

export class PaystackError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when Paystack could not be reached. */
    readonly status: number,
    /** Paystack said `status: false` (a refusal, with its message); false for transport and shape faults. */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'PaystackError';
  }

  /**
   * Paystack does not know the thing asked for. Read from the body, not the HTTP status: its reference
   * documents 404 for some lookups, and integrators see 400 with "Transaction reference not found" live.
   */
  get notFound(): boolean {
    return this.refused && this.status >= 400 && this.status < 500 && /not found/i.test(this.message);
  }

  /** Paystack's balance cannot cover a transfer or refund (top it up, or keep collections in the balance). */
  get insufficientBalance(): boolean {
    return this.refused && /balance is not enough|insufficient/i.test(this.message);
  }

  /** A transfer reference used before (Paystack refuses it instead of answering with the old transfer). */
  get duplicateReference(): boolean {
    return this.refused && /duplicate|already (been )?used|already exists/i.test(this.message);
  }
}

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
}

async function orNullWhenNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof PaystackError && error.notFound) return null;
    throw error;
  }
}

export class PaystackClient {
  private readonly baseUrl: string;

  constructor(private readonly options: PaystackClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  initializeTransaction(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<PaystackInitialized> {
    return this.request('POST', '/transaction/initialize', initializeSchema, {
      email: input.email,
      amount: String(input.amountKobo),
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata ?? {},
    });
  }

  /** Paystack's own word on a transaction (null when it does not know the reference). */
  verifyTransaction(reference: string): Promise<PaystackTransaction | null> {
    return orNullWhenNotFound(this.request('GET', `/transaction/verify/${encodeURIComponent(reference)}`, transactionSchema));
  }

  /** Every Nigerian bank, page after page (Paystack gives at most 100 a page, and there are more). */
  async listBanks(): Promise<PaystackBank[]> {
    const banks: PaystackBank[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const query: URLSearchParams = new URLSearchParams({
        country: 'nigeria',
        currency: 'NGN',
        perPage: '100',
        use_cursor: 'true',
        ...(cursor ? { next: cursor } : {}),
      });
      const answer: { data: PaystackBank[]; meta: Record<string, unknown> | null } = await this.send(
        'GET',
        `/bank?${query.toString()}`,
        z.array(bankSchema),
      );
      banks.push(...answer.data);
      const next = answer.meta?.next;
      cursor = typeof next === 'string' && next ? next : null;
      if (!cursor) break;
    }
    return banks;
  }

  resolveAccount(accountNumber: string, bankCode: string): Promise<{ account_number: string; account_name: string }> {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    return this.request('GET', `/bank/resolve?${query.toString()}`, resolvedAccountSchema);
  }

  createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{ recipient_code: string }> {
    return this.request('POST', '/transferrecipient', recipientSchema, {
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
  }

  /**
   * Sends a transfer. Paystack refuses a reference it has seen before rather than answering with that
   * transfer, so a refusal as a duplicate is answered with the transfer Paystack already has under it
   * (verify): a retry after a crash pays once. With Transfer OTP on, the answer's status is `otp`.
   */
  async initiateTransfer(input: {
    amountKobo: number;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<PaystackTransfer> {
    try {
      return await this.request('POST', '/transfer', transferSchema, {
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
        currency: 'NGN',
      });
    } catch (error) {
      if (!(error instanceof PaystackError && error.duplicateReference)) throw error;
      const existing = await this.verifyTransfer(input.reference);
      if (!existing) throw error;
      return existing;
    }
  }

  /** Paystack's word on a transfer (null when it does not know the reference): a retry asks this before sending again. */
  verifyTransfer(reference: string): Promise<PaystackTransfer | null> {
    return orNullWhenNotFound(this.request('GET', `/transfer/verify/${encodeURIComponent(reference)}`, transferSchema));
  }

  /** Paystack's Check Balance: what the integration holds in naira, in kobo. */
  async balanceKobo(): Promise<number> {
    const balances = await this.request('GET', '/balance', balanceSchema);
    return balances.find((b) => b.currency === 'NGN')?.balance ?? 0;
  }

  /**
   * Asks for a refund of `amountKobo` on the transaction with this reference. Answers Paystack's refund id
   * and the transaction's numeric id: a refund is found again by these, never by its amount.
   */
  async refund(input: { reference: string; amountKobo: number; reason: string }): Promise<PaystackRefund> {
    const created = await this.request('POST', '/refund', createdRefundSchema, {
      transaction: input.reference,
      amount: input.amountKobo,
      merchant_note: input.reason,
    });
    return { id: created.id, status: created.status, amount: created.amount, transaction: created.transaction.id };
  }

  /** Paystack's word on one refund (null when it does not know the id). */
  fetchRefund(id: number): Promise<PaystackRefund | null> {
    return orNullWhenNotFound(this.request('GET', `/refund/${encodeURIComponent(String(id))}`, refundSchema));
  }

  /**
   * Every refund Paystack has on one transaction (its numeric id), any status, among the newest 1,000.
   * List Refunds documents no transaction filter (only dates and paging; a date would be our clock against
   * Paystack's), so the list is filtered here by each row's `transaction`: another buyer's refund can never
   * be taken for ours. Read only when a request may have reached Paystack unnoted, so rarely.
   */
  async listRefunds(transactionId: number): Promise<PaystackRefund[]> {
    const found: PaystackRefund[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const query = new URLSearchParams({ transaction: String(transactionId), perPage: '100', page: String(page) });
      const answer = await this.send('GET', `/refund?${query.toString()}`, z.array(refundSchema));
      found.push(...answer.data.filter((r) => r.transaction === transactionId));
      const pageCount = Number(answer.meta?.pageCount ?? 0);
      if (answer.data.length < 100 || (pageCount > 0 && page >= pageCount)) break;
    }
    return found;
  }

  /**
   * A refund in `needs-attention` (a bank-transfer or USSD payment, which Paystack cannot reverse to a card)
   * is sent again to the customer's bank account: `bankId` is the bank's id in List Banks, not its code.
   */
  retryRefundWithCustomerDetails(id: number, account: { accountNumber: string; bankId: number }): Promise<PaystackRefund> {
    return this.request('POST', `/refund/retry_with_customer_details/${encodeURIComponent(String(id))}`, refundSchema, {
      refund_account_details: { currency: 'NGN', account_number: account.accountNumber, bank_id: String(account.bankId) },
    });
  }

  private async request<T>(method: 'GET' | 'POST', path: string, dataSchema: z.ZodType<T>, body?: unknown): Promise<T> {
    return (await this.send(method, path, dataSchema, body)).data;
  }

  /** The answer's data, checked, and its paging `meta` (lists). */
  private async send<T>(
    method: 'GET' | 'POST',
    path: string,
    dataSchema: z.ZodType<T>,
    body?: unknown,
  ): Promise<{ data: T; meta: Record<string, unknown> | null }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaystackError(`Paystack could not be reached: ${error instanceof Error ? error.message : String(error)}`, 0);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaystackError(`Paystack answered ${response.status} without JSON`, response.status);
    }
    const envelope = z
      .object({
        status: z.boolean(),
        message: z.string().optional(),
        data: z.unknown().optional(),
        meta: z.record(z.string(), z.unknown()).optional(),
      })
      .safeParse(json);
    if (!envelope.success) throw new PaystackError(`Paystack answered ${response.status} in an unknown shape`, response.status);
    if (!response.ok || !envelope.data.status) {
      throw new PaystackError(
        envelope.data.message ?? `Paystack answered ${response.status}`,
        response.ok ? 400 : response.status,
        !envelope.data.status,
      );
    }
    const data = dataSchema.safeParse(envelope.data.data);
    if (!data.success)
      throw new PaystackError(
        `Paystack's ${method} ${path.split('?')[0]} answer lacks ${data.error.issues[0]?.path.join('.') ?? 'a field'}`,
        502,
      );
    return { data: data.data, meta: envelope.data.meta ?? null };
  }
}
