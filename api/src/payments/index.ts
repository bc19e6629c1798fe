/**
 * What other domains may use of payments (only re-exports; the money domain's own layout is
 * its business). Today: the Paystack client's types and bank codes the payout-account check needs.
 */
export { bankCodeFor } from './bank-codes';
export { PaystackError, type PaystackBank, type PaystackClient } from './paystack/client';
