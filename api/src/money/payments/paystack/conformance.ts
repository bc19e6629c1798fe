/**
 * One sequence of Paystack calls, each with what Paystack's API reference says
 * it answers, run through our client: against the built-in sandbox in
 * `npm test`, and against Paystack's own test mode with a `sk_test_` key
 * (`npm run paystack:check -w @campus/api`). A sandbox that drifts from
 * Paystack, or a client that misreads Paystack, shows as a failed step.
 *
 * Steps that need money at Paystack (a paid transaction, a funded balance)
 * are skipped in test mode unless given one: PAYSTACK_CHECK_REFERENCE names a
 * transaction paid with Paystack's test card, to refund.
 */
import { randomBytes } from 'node:crypto';
import { PaystackError, REFUND_STATUSES, TRANSFER_STATUSES, type PaystackClient } from './client';

export type Verdict = 'ok' | 'FAILED' | 'skipped';

export interface StepResult {
  step: string;
  expected: string;
  got: string;
  verdict: Verdict;
}

export interface ConformanceTarget {
  client: PaystackClient;
  /** The sandbox pays a transaction as a student would on its page; Paystack's test mode cannot be paid from here. */
  pay?: (accessCode: string) => void;
  /** A transaction already paid (Paystack's test card), to refund in test mode. */
  paidReference?: string;
  /** A test account Paystack resolves (its test mode resolves real-looking numbers at some banks only). */
  account?: { number: string; bankCode: string };
}

class Skip extends Error {}

/** Runs the steps in order; a step's failure is its verdict, never the end of the run. */
export async function runPaystackConformance(target: ConformanceTarget): Promise<StepResult[]> {
  const { client } = target;
  const results: StepResult[] = [];
  const reference = `cm-check-${randomBytes(6).toString('hex')}`;
  let accessCode = '';
  let paidReference = target.paidReference ?? null;
  let transactionId: number | null = null;
  let recipientCode: string | null = null;
  let refundId: number | null = null;

  async function step(name: string, expected: string, run: () => Promise<string | boolean>): Promise<void> {
    try {
      const got = await run();
      results.push({
        step: name,
        expected,
        got: typeof got === 'string' ? got : got ? expected : 'not as expected',
        verdict: got === false ? 'FAILED' : 'ok',
      });
    } catch (error) {
      if (error instanceof Skip) results.push({ step: name, expected, got: error.message, verdict: 'skipped' });
      else results.push({ step: name, expected, got: error instanceof Error ? error.message : String(error), verdict: 'FAILED' });
    }
  }
  const expectRefusal = async (request: () => Promise<unknown>, test: (e: PaystackError) => boolean): Promise<string | boolean> => {
    try {
      await request();
      return 'accepted';
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      return test(error) ? `${error.status} ${error.message}` : `${error.status} ${error.message} (not as expected)`;
    }
  };
  const isRefusal = (got: string | boolean) => typeof got === 'string' && !got.endsWith('(not as expected)') && got !== 'accepted';

  await step('initialize transaction', 'authorization_url and access_code for our reference', async () => {
    const page = await client.initializeTransaction({
      email: 'check@example.com',
      amountKobo: 100_000,
      reference,
      callbackUrl: 'https://example.com/checkout/callback',
    });
    accessCode = page.access_code;
    return page.reference === reference && page.authorization_url.startsWith('http');
  });

  await step('initialize with an underscore in the reference', 'refused: only -, ., = and alphanumerics', async () => {
    const got = await expectRefusal(
      () =>
        client.initializeTransaction({
          email: 'check@example.com',
          amountKobo: 10_000,
          reference: `cm_${randomBytes(6).toString('hex')}`,
          callbackUrl: 'https://example.com/r',
        }),
      (e) => e.refused && e.status === 400,
    );
    return isRefusal(got) ? got : false;
  });

  await step('initialize below ₦50', 'refused: Invalid Amount Sent', async () => {
    const got = await expectRefusal(
      () =>
        client.initializeTransaction({
          email: 'check@example.com',
          amountKobo: 4_999,
          reference: `cm-small-${randomBytes(6).toString('hex')}`,
          callbackUrl: 'https://example.com/r',
        }),
      (e) => e.refused && /amount/i.test(e.message),
    );
    return isRefusal(got) ? got : false;
  });

  await step('verify the unpaid transaction', 'status abandoned (not paid yet)', async () => {
    const t = await client.verifyTransaction(reference);
    return t?.status === 'abandoned' ? 'status abandoned' : false;
  });

  await step('verify an unknown reference', 'status:false "not found" in the body: read as unknown', async () => {
    const t = await client.verifyTransaction(`cm-unknown-${randomBytes(6).toString('hex')}`);
    return t === null ? 'unknown' : false;
  });

  await step('pay the transaction', 'status success', async () => {
    if (!paidReference && target.pay) {
      target.pay(accessCode);
      paidReference = reference;
    }
    if (!paidReference) throw new Skip('needs a transaction paid with the test card: PAYSTACK_CHECK_REFERENCE');
    const t = await client.verifyTransaction(paidReference);
    transactionId = t?.id ?? null;
    return t?.status === 'success' || t?.status === 'reversed' ? `status ${t.status}, id ${t.id}` : false;
  });

  await step('list banks', 'Nigerian banks with code and id, paged', async () => {
    const banks = await client.listBanks();
    return banks.length > 0 && banks.every((b) => b.code.length > 0) ? `${banks.length} banks` : false;
  });

  const account = target.account ?? { number: '0123456789', bankCode: '058' };
  await step('resolve an account', "the account holder's name", async () => {
    const resolved = await client.resolveAccount(account.number, account.bankCode);
    return resolved.account_name.length > 0 ? resolved.account_name : false;
  });

  await step('create a transfer recipient', 'a recipient code RCP_…', async () => {
    const resolved = await client.resolveAccount(account.number, account.bankCode);
    recipientCode = (
      await client.createTransferRecipient({ name: resolved.account_name, accountNumber: account.number, bankCode: account.bankCode })
    ).recipient_code;
    return recipientCode.startsWith('RCP_') ? recipientCode : false;
  });

  const transferReference = `stl_check_${randomBytes(8).toString('hex')}`;
  await step('initiate a transfer', `one of ${TRANSFER_STATUSES.join(', ')}; or refused for the balance`, async () => {
    if (!recipientCode) throw new Skip('no recipient');
    try {
      const transfer = await client.initiateTransfer({
        amountKobo: 10_000,
        recipientCode,
        reference: transferReference,
        reason: 'Conformance check',
      });
      return transfer.status !== 'unknown' ? `status ${transfer.status}` : false;
    } catch (error) {
      if (error instanceof PaystackError && error.insufficientBalance) throw new Skip(`refused for the balance: ${error.message}`);
      throw error;
    }
  });

  await step('verify the transfer', 'the same reference, a documented status', async () => {
    const transfer = await client.verifyTransfer(transferReference);
    if (!transfer) throw new Skip('no transfer was made');
    return transfer.reference === transferReference && transfer.status !== 'unknown' ? `status ${transfer.status}` : false;
  });

  await step('verify an unknown transfer', 'status:false "Transfer not found": read as unknown', async () => {
    return (await client.verifyTransfer(`stl_unknown_${randomBytes(8).toString('hex')}`)) === null ? 'unknown' : false;
  });

  await step('refund part of it', `pending; Paystack's refund id and the transaction's id`, async () => {
    if (!paidReference) throw new Skip('no paid transaction');
    const refund = await client.refund({ reference: paidReference, amountKobo: 5_000, reason: 'Conformance check' });
    refundId = refund.id;
    return (REFUND_STATUSES as readonly string[]).includes(refund.status) && refund.transaction === transactionId
      ? `id ${refund.id}, status ${refund.status}`
      : false;
  });

  await step('list refunds of the transaction', 'ours among them, by id (rows name the transaction by its id)', async () => {
    if (transactionId === null || refundId === null) throw new Skip('no refund');
    const list = await client.listRefunds(transactionId);
    return list.some((r) => r.id === refundId) && list.every((r) => r.transaction === transactionId) ? `${list.length} refund(s)` : false;
  });

  await step('fetch the refund', 'a documented refund status', async () => {
    if (refundId === null) throw new Skip('no refund');
    const refund = await client.fetchRefund(refundId);
    return refund && refund.status !== 'unknown' ? `status ${refund.status}` : false;
  });

  await step('check balance', 'an NGN balance in kobo', async () => `₦ balance ${await client.balanceKobo()} kobo`);

  return results;
}

/** The results as a plain table, one step a line. */
export function formatStepTable(results: readonly StepResult[]): string {
  const rows = [['step', 'expected', 'got', 'verdict'], ...results.map((r) => [r.step, r.expected, r.got, r.verdict])];
  const widths = [0, 1, 2, 3].map((i) => Math.min(60, Math.max(...rows.map((row) => (row[i] ?? '').length))));
  const cell = (text: string, i: number) =>
    text.length > (widths[i] ?? 0) ? `${text.slice(0, (widths[i] ?? 1) - 1)}…` : text.padEnd(widths[i] ?? 0);
  return rows.map((row) => row.map(cell).join(' | ')).join('\n');
}
