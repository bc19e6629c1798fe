/**
 * What other parts of the API may use of payments (only re-exports; the money domain's own
 * layout is its business). Today: the payout-account check with Paystack, which the route
 * map plugs into the sellers domain's port.
 */
export { paystackBankAccounts } from './bank-accounts';
