/**
 * `npm run paystack:sandbox -w @campus/api`: the Paystack sandbox as a process of its own, standing in
 * for Paystack where several API instances share one Paystack (scripts/start-cluster.mjs). The API
 * instances talk to it as to Paystack (PAYSTACK_SECRET_KEY, PAYSTACK_BASE_URL); it sends its webhooks
 * to the balancer, as Paystack sends them to the public address. A single API without a key starts
 * its own sandbox instead (sandbox/start.ts).
 *
 * Environment: PAYSTACK_SECRET_KEY (sk_test_…, the key the instances use), PAYSTACK_SANDBOX_PORT,
 * PAYSTACK_SANDBOX_PUBLIC_URL (where browsers reach its checkout page), PAYSTACK_SANDBOX_WEBHOOK_URL
 * (the API's POST /api/v1/payments/webhook), PAYSTACK_SANDBOX_STATE_FILE (its records; memory only when unset).
 */
import { SANDBOX_HOST } from '../src/money/payments/config';
import { buildPaystackSandbox } from '../src/money/payments/sandbox/server';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const secretKey = required('PAYSTACK_SECRET_KEY');
  if (!/^sk_test_\w+$/.test(secretKey)) throw new Error('PAYSTACK_SECRET_KEY: the sandbox takes a test key (sk_test_…)');
  const port = Number(required('PAYSTACK_SANDBOX_PORT'));
  const sandbox = buildPaystackSandbox({
    secretKey,
    publicUrl: (process.env.PAYSTACK_SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webhookUrl: required('PAYSTACK_SANDBOX_WEBHOOK_URL'),
    stateFile: process.env.PAYSTACK_SANDBOX_STATE_FILE?.trim() || null,
    logLevel: 'warn',
  });
  await sandbox.app.listen({ port, host: SANDBOX_HOST });
  process.stdout.write(`Paystack sandbox on http://${SANDBOX_HOST}:${port}\n`);
  const stop = () => {
    sandbox.webhooks.close();
    void sandbox.app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`paystack:sandbox failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
