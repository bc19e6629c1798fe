/**
 * Who pays what, in kobo, decided from plain numbers (docs/api.md "Fees").
 *
 * Paystack keeps its charge fee out of every payment (1.5% + ₦100, capped)
 * and takes a transfer fee for every payout (₦10 / ₦25 / ₦50). By default the
 * platform fee is exactly those costs, passed through, so no order costs the
 * platform money; PLATFORM_FEE_PERCENT adds a commission on top (default 0):
 *
 *   released to the store = released − charge-fee share − commission
 *   sent to its bank      = the store's available money − the payout's transfer fee
 *
 * Payouts are batched per store (a day's orders in one transfer), so the
 * transfer fee is taken once per payout, not once per order.
 *
 * A payment's charge fee is shared by its orders in proportion to their
 * totals. Paystack does not give the fee back on a refund, so a cancellation
 * loses it: a buyer who cancels bears their order's share (their refund is
 * that much less, so paying and cancelling in a loop costs the platform
 * nothing); a seller's cancellation and a refund the campus team decides are
 * borne by the platform.
 */
import { paystackTransferFeeKobo } from './paystack/fees';
import { platformFeeKobo } from './ledger';

/**
 * Paystack's charge fee on one payment shared by its orders, in proportion to their totals, rounded down;
 * the kobo left over go to the largest order (the first of equals), whatever order the orders come in.
 */
export function splitChargeFee(feeKobo: number, orderTotalsKobo: readonly number[]): number[] {
  const paid = orderTotalsKobo.reduce((sum, t) => sum + t, 0);
  if (!(feeKobo > 0) || paid <= 0) return orderTotalsKobo.map(() => 0);
  const shares = orderTotalsKobo.map((t) => Number((BigInt(feeKobo) * BigInt(t)) / BigInt(paid)));
  const largest = orderTotalsKobo.indexOf(Math.max(...orderTotalsKobo));
  shares[largest] = (shares[largest] ?? 0) + feeKobo - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}

export interface ReleaseSplit {
  /** What goes to the store's available balance, to be paid out in the store's next payout. */
  toStoreKobo: number;
  /** Everything kept by the platform: the charge-fee share and the commission. */
  platformKobo: number;
  chargeShareKobo: number;
  commissionKobo: number;
}

/**
 * The release of `releasedKobo` of an order whose total is `totalKobo` and whose share of Paystack's charge
 * fee is `chargeFeeKobo` (a part release bears that share in proportion). Never more to the platform than released.
 */
export function releaseSplit(input: { totalKobo: number; releasedKobo: number; chargeFeeKobo: number; feePercent: number }): ReleaseSplit {
  const { totalKobo, releasedKobo, chargeFeeKobo, feePercent } = input;
  const chargeShareKobo = totalKobo > 0 ? Number((BigInt(chargeFeeKobo) * BigInt(releasedKobo)) / BigInt(totalKobo)) : 0;
  const commissionKobo = platformFeeKobo(releasedKobo, feePercent);
  const toStoreKobo = Math.max(0, releasedKobo - chargeShareKobo - commissionKobo);
  return { toStoreKobo, platformKobo: releasedKobo - toStoreKobo, chargeShareKobo, commissionKobo };
}

export interface PayoutSplit {
  /** What Paystack sends to the store's bank. */
  amountKobo: number;
  /** Paystack's transfer fee on that amount, withheld from the store's available money. */
  feeKobo: number;
}

/**
 * A payout of the store's available money: Paystack's fee is on the amount it sends, which is the money less
 * the fee, so the lower tier applies when the amount fits under it (₦5,005 sends ₦4,995 for ₦10).
 */
export function payoutSplit(availableKobo: number): PayoutSplit {
  if (availableKobo <= 0) return { amountKobo: 0, feeKobo: 0 };
  const lower = paystackTransferFeeKobo(Math.max(0, availableKobo - paystackTransferFeeKobo(availableKobo)));
  const fee = paystackTransferFeeKobo(availableKobo - lower) === lower ? lower : paystackTransferFeeKobo(availableKobo);
  const feeKobo = Math.min(availableKobo, fee);
  return { amountKobo: availableKobo - feeKobo, feeKobo };
}

/** What a buyer who cancels gets back: the order's total less its share of Paystack's charge fee, which Paystack keeps. */
export function buyerCancelRefundKobo(totalKobo: number, chargeFeeKobo: number): number {
  return Math.max(0, totalKobo - Math.min(chargeFeeKobo, totalKobo));
}
