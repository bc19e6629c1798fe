/**
 * Starts the sandbox beside an API that has no Paystack key (development and
 * tests; production refuses to start without one). It listens on loopback
 * only, whatever HOST the API listens on, and signs with the installation's
 * own key.
 */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_HOST } from '../config';
import { paystackSecretKey } from '../paystack-keys';
import { buildPaystackSandbox, type PaystackSandbox } from './server';

/** The sandbox for this app, listening; null when the app talks to Paystack. */
export async function startPaystackSandbox(app: FastifyInstance, apiPort: number): Promise<PaystackSandbox | null> {
  const { config } = app;
  const paystack = config.payments.paystack;
  if (paystack.kind !== 'sandbox') return null;
  const sandbox = buildPaystackSandbox({
    secretKey: await paystackSecretKey(app),
    publicUrl: paystack.publicUrl,
    webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/payments/webhook`,
    stateFile: paystack.stateFile,
    logLevel: config.logLevel === 'silent' ? 'silent' : 'warn',
  });
  try {
    await sandbox.app.listen({ port: paystack.port, host: SANDBOX_HOST });
  } catch (error) {
    sandbox.webhooks.close();
    await sandbox.app.close();
    throw error;
  }
  return sandbox;
}
