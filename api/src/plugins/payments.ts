/**
 * Payments on the app: the Paystack client (Paystack itself, or
 * the built-in sandbox started by server.ts; the same client either way) and
 * the payments service. Background work (reconciliation) is started by the
 * process (server.ts), not here, so tests decide when it runs.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaystackConfig } from '../money/payments/config';
import { appSecret } from '../db/app-secrets';
import { PaystackClient } from '../money/payments/paystack/client';
import { PaymentsService } from '../money/payments/service';

declare module 'fastify' {
  interface FastifyInstance {
    paystack: PaystackClient;
    payments: PaymentsService;
  }
}

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

export default fp(
  async (app) => {
    const settings = app.config.payments;
    const secretKey = await paystackSecretKey(app);
    const paystack = new PaystackClient({ baseUrl: paystackBaseUrl(settings.paystack), secretKey });
    const completionSecret = settings.completionCodeSecret ?? (await appSecret(app.db, 'completion-code-key', app.clock.now()));
    const payments = new PaymentsService({
      db: app.db,
      driver: app.database.driver,
      config: app.config,
      paystack,
      mailer: app.mailer,
      clock: app.clock,
      log: app.log,
      completionSecret,
      paystackSecretKey: secretKey,
      reindex: (ids) => app.catalogue.search.products(ids),
    });
    app.decorate('paystack', paystack);
    app.decorate('payments', payments);
    app.addHook('onClose', async () => payments.stop());
  },
  { name: 'payments', dependencies: ['catalogue'] },
);
