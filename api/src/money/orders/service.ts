/**
 * Orders after payment: the buyer's and the store's lists, status
 * moves with refunds, completion by the buyer's code (money released for the
 * store's next payout, payments/payout-service.ts), and ratings from real
 * purchases. Every change locks the order (or the store's completion row)
 * first, so two of them never race, and posts its ledger journal in the same
 * transaction. Rows are read and written by repository.ts.
 *
 * The orders' service, gathered in one place for its callers; each part is a
 * file of its own:
 * - order-views.ts: the buyer's and the store's lists, one order;
 * - move-service.ts: status moves (a cancel refunds and restocks);
 * - completion-service.ts: completion by the buyer's code;
 * - release-service.ts: an order's money released to its store;
 * - rating-service.ts: ratings from real purchases.
 */
export { buyerOrderView, listBuyerOrders, listSellerOrders, orderView, type Paged } from './order-views';
export { lockOrder, moveOrder, type MoveContext } from './move-service';
export { completeWithCode, type CompletionOutcome } from './completion-service';
export { releaseOrderMoney, type ReleasedMoney } from './release-service';
export { rateOrderItem } from './rating-service';
export { sellerSales, storeProductOrders, type Page } from './repository';
export { buyerEmail, storeOwner } from '../payments/contact-repository';
