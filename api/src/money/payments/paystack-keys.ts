/** Where the API reaches Paystack and the key they share (Paystack itself, or the sandbox on this machine). */
import type { FastifyInstance } from 'fastify';
import { appSecret } from '../../db/app-secrets-repository';
import type { PaystackConfig } from './config';

/** Where the API reaches Paystack: its configured base URL, or the sandbox on this machine. */
export function paystackBaseUrl(paystack: PaystackConfig): string {
  return paystack.kind === 'paystack' ? paystack.baseUrl : `http://127.0.0.1:${paystack.port}`;
}

/**
 * The key the API and Paystack share: PAYSTACK_SECRET_KEY, or for the
 * sandbox a key made on this installation's first start and kept in the
 * database, so nobody can sign a webhook with a key published in the code.
 */
export async function paystackSecretKey(app: Pick<FastifyInstance, 'config' | 'db' | 'clock'>): Promise<string> {
  const paystack = app.config.payments.paystack;
  if (paystack.kind === 'paystack') return paystack.secretKey;
  return `sk_test_${await appSecret(app.db, 'paystack-sandbox-key', app.clock.now())}`;
}
