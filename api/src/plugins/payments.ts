/**
 * Payments on the app: the Paystack client (Paystack itself, or
 * the built-in sandbox started by server.ts; the same client either way) and
 * the payments service. Background work (reconciliation) is started by the
 * process (server.ts), not here, so tests decide when it runs.
 */
import fp from 'fastify-plugin';
import { appSecret } from '../db/app-secrets-repository';
import { listBuyerOrders, PaymentsService, PaystackClient, paystackBaseUrl, paystackSecretKey } from '../money';

declare module 'fastify' {
  interface FastifyInstance {
    paystack: PaystackClient;
    payments: PaymentsService;
  }
}

export { paystackSecretKey };

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
      ordersOfPayment: async (userId, paymentId, now) =>
        (await listBuyerOrders(app.db, userId, null, completionSecret, now, paymentId, settings.buyerWaitMs)).items,
    });
    app.decorate('paystack', paystack);
    app.decorate('payments', payments);
    app.addHook('onClose', async () => payments.stop());
  },
  { name: 'payments', dependencies: ['catalogue'] },
);
