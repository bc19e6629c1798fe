/**
 * `npm run paystack:check -w @campus/api`: the conformance sequence of
 * src/money/payments/paystack/conformance.ts, printed as a step table.
 *
 * - Without PAYSTACK_SECRET_KEY: against the built-in sandbox, started here on
 *   loopback with a throwaway key (this is what `npm test` runs).
 * - With PAYSTACK_SECRET_KEY=sk_test_…: against Paystack's test mode
 *   (PAYSTACK_BASE_URL, default Paystack's own). A live key (sk_live_…) is
 *   refused: the check moves money. PAYSTACK_CHECK_REFERENCE names a
 *   transaction paid with the test card, to refund; PAYSTACK_CHECK_ACCOUNT
 *   (`0123456789:058`) an account test mode resolves.
 *
 * Exits 1 when a step fails.
 */
import { randomBytes } from 'node:crypto';
import { PAYSTACK_LIVE_BASE_URL, PaystackClient } from '../src/money/payments/paystack/client';
import { formatStepTable, runPaystackConformance, type ConformanceTarget } from '../src/money/payments/paystack/conformance';
import { buildPaystackSandbox } from '../src/money/payments/sandbox/server';

async function main(): Promise<number> {
  const key = process.env.PAYSTACK_SECRET_KEY?.trim();
  if (key?.startsWith('sk_live_')) {
    console.error(
      'paystack:check refuses a live key (sk_live_…): it makes transactions, transfers and refunds. Use a test key (sk_test_…).',
    );
    return 2;
  }
  if (key) {
    if (!key.startsWith('sk_test_')) {
      console.error('PAYSTACK_SECRET_KEY must be a Paystack test key (sk_test_…).');
      return 2;
    }
    const baseUrl = process.env.PAYSTACK_BASE_URL ?? PAYSTACK_LIVE_BASE_URL;
    const [number, bankCode] = (process.env.PAYSTACK_CHECK_ACCOUNT ?? '').split(':');
    const target: ConformanceTarget = {
      client: new PaystackClient({ baseUrl, secretKey: key }),
      ...(process.env.PAYSTACK_CHECK_REFERENCE ? { paidReference: process.env.PAYSTACK_CHECK_REFERENCE } : {}),
      ...(number && bankCode ? { account: { number, bankCode } } : {}),
    };
    console.log(`Paystack conformance against ${baseUrl} (test mode)`);
    return report(await runPaystackConformance(target));
  }
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const sandbox = buildPaystackSandbox({
    secretKey,
    publicUrl: 'http://127.0.0.1',
    webhookUrl: 'http://127.0.0.1:9/webhook',
    stateFile: null,
    retryDelaysMs: [],
    logLevel: 'silent',
  });
  const baseUrl = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    console.log(`Paystack conformance against the built-in sandbox (${baseUrl})`);
    return report(
      await runPaystackConformance({ client: new PaystackClient({ baseUrl, secretKey }), pay: (code) => sandbox.act(code, 'pay') }),
    );
  } finally {
    await sandbox.app.close();
  }
}

function report(results: Awaited<ReturnType<typeof runPaystackConformance>>): number {
  console.log(formatStepTable(results));
  const failed = results.filter((r) => r.verdict === 'FAILED').length;
  const skipped = results.filter((r) => r.verdict === 'skipped').length;
  console.log(`\n${results.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
