/**
 * The payout-account check on the app (app.bankAccounts): the route map hands in the one that
 * asks Paystack (or the sandbox), or a replacement a test hands to buildApp.
 */
import fp from 'fastify-plugin';
import type { BankAccounts } from './bank-accounts';

declare module 'fastify' {
  interface FastifyInstance {
    bankAccounts: BankAccounts;
  }
}

export default fp<{ bankAccounts: BankAccounts }>(
  async (app, options) => {
    app.decorate('bankAccounts', options.bankAccounts);
  },
  { name: 'bank-accounts' },
);
