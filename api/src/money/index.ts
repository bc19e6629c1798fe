/**
 * The money domain's public face: orders, checkout, refunds, payouts, the
 * ledger and disputes. Other parts of the API reach money only through here.
 *
 * Inside: payments/ (checkout, refunds, payouts, ledger, outbox, Paystack) ←
 * orders/ (the order state machine, completion, release) ← disputes/; an
 * arrow points at what a folder may import, never back. In each folder the
 * service (*service.ts, and pure rule modules such as status-rules.ts)
 * decides and opens transactions; *repository.ts only reads and writes rows.
 */
export { decideDispute, listDisputes, type DecisionInput, type DecisionResult, type DisputeListing } from './disputes/service';
export { disputesOfOrders } from './orders/dispute-repository';
export { insertDemoRating, orderRow } from './orders/repository';
export { orderLedgerLines } from './payments/ledger-repository';
export { completeWithCode, listBuyerOrders, moveOrder, rateOrderItem } from './orders/service';
export { storeBalances } from './payments/ledger';
export { listPayouts } from './payments/payout-repository';
export { loadPaymentsConfig, type PaymentsConfig, type PaystackConfig } from './payments/config';
export { bankCodeFor } from './payments/bank-codes';
export { paystackBankAccounts } from './payments/bank-accounts';
export { PaystackClient, PaystackError, type PaystackBank } from './payments/paystack/client';
export { paystackBaseUrl, paystackSecretKey } from './payments/paystack-keys';
export type { PaystackSandbox } from './payments/sandbox/server';
export { startPaystackSandbox } from './payments/sandbox/start';
export { queueEmail } from './payments/outbox';
export { PaymentsService } from './payments/service';
export { decideReviewedPayment } from './payments/review-decision';
export type { FulfilOutcome } from './payments/fulfilment-service';
export {
  moneyQueueRows,
  platformFeesBalanceKobo,
  resolvePayoutAttention,
  retryPayoutNow,
  retryRefundNow,
  type AttentionOutcome,
  type MoneyQueueRows,
} from './payments/attention-service';
