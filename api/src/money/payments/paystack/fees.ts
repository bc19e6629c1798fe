/**
 * Paystack's published Nigerian fees, in kobo. The sandbox charges them; the
 * ledger books a transfer's fee from Paystack's own `fee_charged` when it
 * sends one and from this schedule when it does not (the balance check in
 * reconciliation shows it if the schedule ever drifts from what Paystack takes).
 */

/** A local card charge: 1.5% + ₦100 (the ₦100 waived under ₦2,500), capped at ₦2,000. */
export function paystackLocalFeeKobo(amountKobo: number): number {
  const fee = Math.floor((amountKobo * 15) / 1000) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

/** A transfer to a Nigerian bank account: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above. */
export function paystackTransferFeeKobo(amountKobo: number): number {
  if (amountKobo <= 500_000) return 1_000;
  if (amountKobo <= 5_000_000) return 2_500;
  return 5_000;
}

/** Paystack refuses a transfer below ₦100 (its API reference, Initiate Transfer). */
export const PAYSTACK_MIN_TRANSFER_KOBO = 10_000;
