/**
 * The sellers domain's public face: its routes, the payout-account check (app.bankAccounts),
 * and the store a user owns (the accounts routes add it to the signed-in user).
 */
export type { BankAccounts, ResolvedAccount } from './bank-accounts';
export { ownedProduct, ownedSeller } from './ownership';
export {
  catalogueUserExtras,
  fillStoreNameSkeleton,
  insertDemoSeller,
  recordStoreBankCode,
  sellerById,
  sellerOfUser,
  toSellerSummary,
} from './repository';
export { storeNameSkeleton } from './store-names';
