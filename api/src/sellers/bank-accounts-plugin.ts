/**
 * The payout-account check on the app: through the Paystack client
 * (Paystack or the sandbox), or a replacement a test hands to buildApp.
 */
import fp from 'fastify-plugin';
import { paystackBankAccounts, type BankAccounts } from './bank-accounts';

declare module 'fastify' {
  interface FastifyInstance {
    bankAccounts: BankAccounts;
  }
}

export default fp<{ bankAccounts?: BankAccounts }>(
  async (app, options) => {
    app.decorate('bankAccounts', options.bankAccounts ?? paystackBankAccounts(app.paystack, app.clock));
  },
  { name: 'bank-accounts', dependencies: ['payments'] },
);
