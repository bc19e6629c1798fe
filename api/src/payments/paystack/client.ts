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
  id: z.number().optional(),
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

const bankSchema = z.object({ name: z.string(), code: z.string(), slug: z.string().optional(), active: z.boolean().optional(), currency: z.string().optional() });
export type PaystackBank = z.infer<typeof bankSchema>;

const resolvedAccountSchema = z.object({ account_number: z.string(), account_name: z.string() });
const recipientSchema = z.object({ recipient_code: z.string() });
const transferSchema = z.object({
  transfer_code: z.string(),
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  /** Paystack's fee on the transfer, in kobo, when it says (taken from the balance besides the amount). */
  fee_charged: z.number().int().nonnegative().nullable().optional(),
});
export type PaystackTransfer = z.infer<typeof transferSchema>;
const balanceSchema = z.array(z.object({ currency: z.string(), balance: z.number().int() }));
const refundSchema = z.object({ status: z.string(), amount: z.number().int().optional() });

export class PaystackError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when Paystack could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
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
  async verifyTransaction(reference: string): Promise<PaystackTransaction | null> {
    try {
      return await this.request('GET', `/transaction/verify/${encodeURIComponent(reference)}`, transactionSchema);
    } catch (error) {
      if (error instanceof PaystackError && error.status === 404) return null;
      throw error;
    }
  }

  /** Every Nigerian bank, page after page (Paystack gives at most 100 a page, and there are more). */
  async listBanks(): Promise<PaystackBank[]> {
    const banks: PaystackBank[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const query: URLSearchParams = new URLSearchParams({ country: 'nigeria', currency: 'NGN', perPage: '100', use_cursor: 'true', ...(cursor ? { next: cursor } : {}) });
      const answer: { data: PaystackBank[]; meta: Record<string, unknown> | null } = await this.send('GET', `/bank?${query.toString()}`, z.array(bankSchema));
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

  /** A retry with the same reference is the same transfer: Paystack pays it once. */
  initiateTransfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }): Promise<PaystackTransfer> {
    return this.request('POST', '/transfer', transferSchema, {
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
  }

  /** Paystack's word on a transfer (null when it does not know the reference): a retry asks this before sending again. */
  async verifyTransfer(reference: string): Promise<PaystackTransfer | null> {
    try {
      return await this.request('GET', `/transfer/verify/${encodeURIComponent(reference)}`, transferSchema);
    } catch (error) {
      if (error instanceof PaystackError && error.status === 404) return null;
      throw error;
    }
  }

  /** Paystack's Check Balance: what the integration holds in naira, in kobo. */
  async balanceKobo(): Promise<number> {
    const balances = await this.request('GET', '/balance', balanceSchema);
    return balances.find((b) => b.currency === 'NGN')?.balance ?? 0;
  }

  /** A whole refund when no amount is given. */
  refund(input: { reference: string; amountKobo?: number; reason: string }): Promise<{ status: string }> {
    return this.request('POST', '/refund', refundSchema, {
      transaction: input.reference,
      ...(input.amountKobo !== undefined ? { amount: input.amountKobo } : {}),
      merchant_note: input.reason,
    });
  }

  /** The refunds Paystack has for a transaction (reference), any status: a retry checks these before refunding again. */
  listRefunds(reference: string): Promise<Array<{ amount: number; status: string }>> {
    const query = new URLSearchParams({ reference, perPage: '100' });
    return this.request('GET', `/refund?${query.toString()}`, z.array(z.object({ amount: z.number().int(), status: z.string() })));
  }

  private async request<T>(method: 'GET' | 'POST', path: string, dataSchema: z.ZodType<T>, body?: unknown): Promise<T> {
    return (await this.send(method, path, dataSchema, body)).data;
  }

  /** The answer's data, checked, and its paging `meta` (lists). */
  private async send<T>(method: 'GET' | 'POST', path: string, dataSchema: z.ZodType<T>, body?: unknown): Promise<{ data: T; meta: Record<string, unknown> | null }> {
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
      .object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional(), meta: z.record(z.string(), z.unknown()).optional() })
      .safeParse(json);
    if (!envelope.success) throw new PaystackError(`Paystack answered ${response.status} in an unknown shape`, response.status);
    if (!response.ok || !envelope.data.status) {
      throw new PaystackError(envelope.data.message ?? `Paystack answered ${response.status}`, response.ok ? 400 : response.status);
    }
    const data = dataSchema.safeParse(envelope.data.data);
    if (!data.success) throw new PaystackError(`Paystack's ${method} ${path.split('?')[0]} answer lacks ${data.error.issues[0]?.path.join('.') ?? 'a field'}`, 502);
    return { data: data.data, meta: envelope.data.meta ?? null };
  }
}
