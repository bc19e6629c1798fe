/**
 * Who pays what (payments/fee-rules.ts, docs/api.md "Fees"): Paystack's fees
 * are passed through so that no order costs the platform money, and a buyer
 * who cancels bears what Paystack keeps of their payment.
 */
import { buyerCancelRefundKobo, payoutSplit, releaseSplit, splitChargeFee } from '../../src/money/payments/fee-rules';
import { paystackLocalFeeKobo } from '../../src/money/payments/paystack/fees';

describe('splitChargeFee', () => {
  test("shares Paystack's fee by the orders' totals, to the kobo, the left-over kobo to the largest order", () => {
    // ₦24,500.50 paid: a fee of ₦467.50, shared ₦284.33 / ₦183.17.
    expect(splitChargeFee(46_750, [960_000, 1_490_050])).toEqual([18_317, 28_433]);
    expect(splitChargeFee(46_750, [1_490_050, 960_000])).toEqual([28_433, 18_317]);
    // Three equal orders: the first of equals takes the odd kobo; nothing is lost or made up.
    expect(splitChargeFee(19_000, [200_000, 200_000, 200_000])).toEqual([6_334, 6_333, 6_333]);
    expect(splitChargeFee(0, [100, 200])).toEqual([0, 0]);
  });
});

describe('releaseSplit', () => {
  test("the store gets the order less its share of Paystack's card fee and the commission", () => {
    const chargeFeeKobo = paystackLocalFeeKobo(450_000);
    expect(chargeFeeKobo).toBe(16_750); // 1.5% of ₦4,500 + ₦100
    const split = releaseSplit({ totalKobo: 450_000, releasedKobo: 450_000, chargeFeeKobo, feePercent: 0 });
    expect(split).toEqual({ toStoreKobo: 433_250, platformKobo: 16_750, chargeShareKobo: 16_750, commissionKobo: 0 });
    // What the platform keeps is what Paystack took of the payment: it neither loses nor gains.
    expect(split.platformKobo).toBe(chargeFeeKobo);
  });

  test('a commission comes on top; a part release bears its proportion of the card fee', () => {
    expect(releaseSplit({ totalKobo: 1_000_000, releasedKobo: 749_950, chargeFeeKobo: 25_000, feePercent: 2.5 })).toEqual({
      toStoreKobo: 712_454,
      platformKobo: 37_496,
      chargeShareKobo: 18_748,
      commissionKobo: 18_748,
    });
  });

  test('a tiny order never pays the platform more than it released', () => {
    const split = releaseSplit({ totalKobo: 5_000, releasedKobo: 5_000, chargeFeeKobo: 75, feePercent: 0 });
    expect(split.toStoreKobo + split.platformKobo).toBe(5_000);
    expect(split.toStoreKobo).toBe(4_925);
    expect(releaseSplit({ totalKobo: 900, releasedKobo: 900, chargeFeeKobo: 1_000, feePercent: 0 })).toMatchObject({
      toStoreKobo: 0,
      platformKobo: 900,
    });
  });
});

describe('payoutSplit', () => {
  test("one transfer fee per payout, Paystack's for the amount sent, not for the amount before it", () => {
    expect(payoutSplit(433_250)).toEqual({ amountKobo: 432_250, feeKobo: 1_000 });
    // ₦5,005 available: ₦25 on ₦5,005, but the transfer is ₦4,995 once ₦10 is taken, and Paystack charges ₦10 on that.
    expect(payoutSplit(500_500)).toEqual({ amountKobo: 499_500, feeKobo: 1_000 });
    // ₦5,020: ₦5,010 sent after ₦10 would still be above ₦5,000, so ₦25.
    expect(payoutSplit(502_000)).toEqual({ amountKobo: 499_500, feeKobo: 2_500 });
    expect(payoutSplit(10_000_000)).toEqual({ amountKobo: 9_995_000, feeKobo: 5_000 });
    expect(payoutSplit(0)).toEqual({ amountKobo: 0, feeKobo: 0 });
  });

  test('ten small orders batched into one payout pay one fee, not ten', () => {
    const perOrder = 20_000; // ₦200 each
    const batched = payoutSplit(perOrder * 10);
    expect(batched.feeKobo).toBe(1_000);
    expect(batched.amountKobo + batched.feeKobo).toBe(perOrder * 10);
  });
});

describe('buyerCancelRefundKobo', () => {
  test("a buyer who cancels gets the order back less its share of Paystack's fee, so cancelling in a loop costs the platform nothing", () => {
    expect(buyerCancelRefundKobo(800_000, 22_000)).toBe(778_000);
    expect(buyerCancelRefundKobo(1_000, 5_000)).toBe(0);
  });
});
