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

/** One run's state, shared by its steps: what one step learnt that a later one needs. */
interface ConformanceRun {
  target: ConformanceTarget;
  client: PaystackClient;
  results: StepResult[];
  reference: string;
  accessCode: string;
  paidReference: string | null;
  transactionId: number | null;
  recipientCode: string | null;
  refundId: number | null;
}

/** Runs the steps in order; a step's failure is its verdict, never the end of the run. */
export async function runPaystackConformance(target: ConformanceTarget): Promise<StepResult[]> {
  const run: ConformanceRun = {
    target,
    client: target.client,
    results: [],
    reference: `cm-check-${randomBytes(6).toString('hex')}`,
    accessCode: '',
    paidReference: target.paidReference ?? null,
    transactionId: null,
    recipientCode: null,
    refundId: null,
  };
  await checkTransactions(run);
  await checkTransfers(run);
  await checkRefunds(run);
  return run.results;
}

/** One step: its answer (or its Skip, or its error) noted as its verdict in the run's results. */
async function step(run: ConformanceRun, name: string, expected: string, check: () => Promise<string | boolean>): Promise<void> {
  try {
    const got = await check();
    run.results.push({
      step: name,
      expected,
      got: typeof got === 'string' ? got : got ? expected : 'not as expected',
      verdict: got === false ? 'FAILED' : 'ok',
    });
  } catch (error) {
    if (error instanceof Skip) run.results.push({ step: name, expected, got: error.message, verdict: 'skipped' });
    else run.results.push({ step: name, expected, got: error instanceof Error ? error.message : String(error), verdict: 'FAILED' });
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

/** A transaction: started, refused when Paystack refuses one, verified unpaid and unknown, then paid. */
async function checkTransactions(run: ConformanceRun): Promise<void> {
  const { client, target, reference } = run;
  await step(run, 'initialize transaction', 'authorization_url and access_code for our reference', async () => {
    const page = await client.initializeTransaction({
      email: 'check@example.com',
      amountKobo: 100_000,
      reference,
      callbackUrl: 'https://example.com/checkout/callback',
    });
    run.accessCode = page.access_code;
    return page.reference === reference && page.authorization_url.startsWith('http');
  });

  await step(run, 'initialize with an underscore in the reference', 'refused: only -, ., = and alphanumerics', async () => {
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

  await step(run, 'initialize below ₦50', 'refused: Invalid Amount Sent', async () => {
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

  await step(run, 'verify the unpaid transaction', 'status abandoned (not paid yet)', async () => {
    const t = await client.verifyTransaction(reference);
    return t?.status === 'abandoned' ? 'status abandoned' : false;
  });

  await step(run, 'verify an unknown reference', 'status:false "not found" in the body: read as unknown', async () => {
    const t = await client.verifyTransaction(`cm-unknown-${randomBytes(6).toString('hex')}`);
    return t === null ? 'unknown' : false;
  });

  await step(run, 'pay the transaction', 'status success', async () => {
    if (!run.paidReference && target.pay) {
      target.pay(run.accessCode);
      run.paidReference = reference;
    }
    if (!run.paidReference) throw new Skip('needs a transaction paid with the test card: PAYSTACK_CHECK_REFERENCE');
    const t = await client.verifyTransaction(run.paidReference);
    run.transactionId = t?.id ?? null;
    return t?.status === 'success' || t?.status === 'reversed' ? `status ${t.status}, id ${t.id}` : false;
  });
}

/** Money out to a bank: banks listed, an account resolved, a recipient made, a transfer sent and verified. */
async function checkTransfers(run: ConformanceRun): Promise<void> {
  const { client, target } = run;
  await step(run, 'list banks', 'Nigerian banks with code and id, paged', async () => {
    const banks = await client.listBanks();
    return banks.length > 0 && banks.every((b) => b.code.length > 0) ? `${banks.length} banks` : false;
  });

  const account = target.account ?? { number: '0123456789', bankCode: '058' };
  await step(run, 'resolve an account', "the account holder's name", async () => {
    const resolved = await client.resolveAccount(account.number, account.bankCode);
    return resolved.account_name.length > 0 ? resolved.account_name : false;
  });

  await step(run, 'create a transfer recipient', 'a recipient code RCP_…', async () => {
    const resolved = await client.resolveAccount(account.number, account.bankCode);
    const recipientCode = (
      await client.createTransferRecipient({ name: resolved.account_name, accountNumber: account.number, bankCode: account.bankCode })
    ).recipient_code;
    run.recipientCode = recipientCode;
    return recipientCode.startsWith('RCP_') ? recipientCode : false;
  });

  const transferReference = `stl_check_${randomBytes(8).toString('hex')}`;
  await step(run, 'initiate a transfer', `one of ${TRANSFER_STATUSES.join(', ')}; or refused for the balance`, async () => {
    const { recipientCode } = run;
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

  await step(run, 'verify the transfer', 'the same reference, a documented status', async () => {
    const transfer = await client.verifyTransfer(transferReference);
    if (!transfer) throw new Skip('no transfer was made');
    return transfer.reference === transferReference && transfer.status !== 'unknown' ? `status ${transfer.status}` : false;
  });

  await step(run, 'verify an unknown transfer', 'status:false "Transfer not found": read as unknown', async () => {
    return (await client.verifyTransfer(`stl_unknown_${randomBytes(8).toString('hex')}`)) === null ? 'unknown' : false;
  });
}

/** Money back to a buyer: part of the paid transaction refunded, listed and fetched; then the balance read. */
async function checkRefunds(run: ConformanceRun): Promise<void> {
  const { client } = run;
  await step(run, 'refund part of it', `pending; Paystack's refund id and the transaction's id`, async () => {
    if (!run.paidReference) throw new Skip('no paid transaction');
    const refund = await client.refund({ reference: run.paidReference, amountKobo: 5_000, reason: 'Conformance check' });
    run.refundId = refund.id;
    return (REFUND_STATUSES as readonly string[]).includes(refund.status) && refund.transaction === run.transactionId
      ? `id ${refund.id}, status ${refund.status}`
      : false;
  });

  await step(run, 'list refunds of the transaction', 'ours among them, by id (rows name the transaction by its id)', async () => {
    const { transactionId, refundId } = run;
    if (transactionId === null || refundId === null) throw new Skip('no refund');
    const list = await client.listRefunds(transactionId);
    return list.some((r) => r.id === refundId) && list.every((r) => r.transaction === transactionId) ? `${list.length} refund(s)` : false;
  });

  await step(run, 'fetch the refund', 'a documented refund status', async () => {
    if (run.refundId === null) throw new Skip('no refund');
    const refund = await client.fetchRefund(run.refundId);
    return refund && refund.status !== 'unknown' ? `status ${refund.status}` : false;
  });

  await step(run, 'check balance', 'an NGN balance in kobo', async () => `₦ balance ${await client.balanceKobo()} kobo`);
}

/** The results as a plain table, one step a line. */
export function formatStepTable(results: readonly StepResult[]): string {
  const rows = [['step', 'expected', 'got', 'verdict'], ...results.map((r) => [r.step, r.expected, r.got, r.verdict])];
  const widths = [0, 1, 2, 3].map((i) => Math.min(60, Math.max(...rows.map((row) => (row[i] ?? '').length))));
  const cell = (text: string, i: number) =>
    text.length > (widths[i] ?? 0) ? `${text.slice(0, (widths[i] ?? 1) - 1)}…` : text.padEnd(widths[i] ?? 0);
  return rows.map((row) => row.map(cell).join(' | ')).join('\n');
}
