/** The checkout rules of spec section 4, on plain data. */
import { MESSAGES } from '@campus/shared/messages';
import {
  MAX_CHECKOUT_KOBO,
  MAX_RESERVED_UNITS_PER_BUYER,
  canFulfilLate,
  isRefusal,
  paymentMismatch,
  planCheckout,
  splitIntoOrders,
  type CheckoutLine,
} from '../../src/money/payments/checkout-rules';

const line = (over: Partial<CheckoutLine> = {}): CheckoutLine => ({
  productId: 'p1',
  productName: 'Calculator',
  productSlug: 'calculator-p1',
  imageUrl: null,
  sellerId: 's1',
  sellerUserId: 'seller-user-1',
  quantity: 2,
  unitPriceKobo: 1_250_050,
  stockQuantity: 5,
  ...over,
});
const none = new Map<string, number>();

describe('planCheckout', () => {
  it('recomputes the total in kobo and accepts the matching amount', () => {
    const plan = planCheckout(
      'buyer',
      [line(), line({ productId: 'p2', sellerId: 's2', quantity: 1, unitPriceKobo: 99 })],
      none,
      '2500199',
    );
    expect(isRefusal(plan)).toBe(false);
    if (!isRefusal(plan)) expect(plan.totalKobo).toBe(2_500_199);
  });

  it('refuses an amount the browser got wrong, even by one kobo, with the cart-changed text (409)', () => {
    expect(planCheckout('buyer', [line()], none, '2500099')).toEqual({ status: 409, message: MESSAGES.payment.cartChanged });
    expect(planCheckout('buyer', [line()], none, '25001.00')).toEqual({ status: 409, message: MESSAGES.payment.cartChanged });
  });

  it('caps the units one buyer holds in unpaid checkouts, this one and their other live ones together (409)', () => {
    const units = (quantity: number) => [line({ quantity, stockQuantity: 1000 })];
    const amount = (quantity: number) => String(quantity * 1_250_050);
    const cap = MAX_RESERVED_UNITS_PER_BUYER;
    expect(isRefusal(planCheckout('buyer', units(cap), none, amount(cap)))).toBe(false);
    expect(planCheckout('buyer', units(cap + 1), none, amount(cap + 1))).toEqual({
      status: 409,
      message: MESSAGES.payment.reservedCap(cap),
    });
    expect(isRefusal(planCheckout('buyer', units(10), none, amount(10), cap - 10))).toBe(false);
    expect(planCheckout('buyer', units(10), none, amount(10), cap - 9)).toEqual({
      status: 409,
      message: MESSAGES.payment.reservedCap(cap),
    });
  });

  it('refuses an empty cart and buying from oneself', () => {
    expect(planCheckout('buyer', [], none, '0')).toEqual({ status: 400, message: MESSAGES.payment.emptyCart });
    expect(planCheckout('seller-user-1', [line()], none, '2500100')).toEqual({ status: 403, message: MESSAGES.cart.ownProduct });
  });

  it('refuses more than the stock, and more than the stock left after other live reservations', () => {
    expect(planCheckout('buyer', [line({ quantity: 6 })], none, String(6 * 1_250_050))).toMatchObject({ status: 409 });
    expect(planCheckout('buyer', [line({ stockQuantity: 0 })], none, '2500100')).toEqual({
      status: 409,
      message: MESSAGES.cart.outOfStock('Calculator'),
    });
    const held = new Map([['p1', 4]]);
    expect(planCheckout('buyer', [line()], held, '2500100')).toEqual({ status: 409, message: MESSAGES.payment.reserved('Calculator', 1) });
    expect(planCheckout('buyer', [line({ quantity: 1 })], held, '1250050')).not.toHaveProperty('status');
  });

  it('refuses a checkout above one card payment', () => {
    const big = line({ quantity: 2, unitPriceKobo: MAX_CHECKOUT_KOBO, stockQuantity: 10 });
    expect(planCheckout('buyer', [big], none, String(2 * MAX_CHECKOUT_KOBO))).toEqual({ status: 400, message: MESSAGES.payment.tooLarge });
  });
});

it('splitIntoOrders makes one order per store with its own total', () => {
  const orders = splitIntoOrders([
    line(),
    line({ productId: 'p2', sellerId: 's2', quantity: 1, unitPriceKobo: 500 }),
    line({ productId: 'p3', quantity: 1, unitPriceKobo: 1 }),
  ]);
  expect(orders.map((o) => [o.sellerId, o.totalKobo, o.lines.length])).toEqual([
    ['s1', 2_500_101, 2],
    ['s2', 500, 1],
  ]);
});

it('paymentMismatch names a wrong reference, currency or amount, and accepts the right one', () => {
  const expected = { reference: 'cm_1', amountKobo: 2_500_100, currency: 'NGN' };
  expect(paymentMismatch(expected, { reference: 'cm_1', amount: 2_500_100, currency: 'ngn' })).toBeNull();
  expect(paymentMismatch(expected, { reference: 'cm_1', amount: 2_500_099, currency: 'NGN' })).toMatch(/amount/);
  expect(paymentMismatch(expected, { reference: 'cm_1', amount: 2_500_100, currency: 'USD' })).toMatch(/currency/);
  expect(paymentMismatch(expected, { reference: 'cm_2', amount: 2_500_100, currency: 'NGN' })).toMatch(/reference/);
});

it('canFulfilLate: a lapsed reservation is fulfilled only while every line still has the stock', () => {
  expect(canFulfilLate([{ quantity: 2, stockQuantity: 2 }])).toBe(true);
  expect(
    canFulfilLate([
      { quantity: 2, stockQuantity: 1 },
      { quantity: 1, stockQuantity: 9 },
    ]),
  ).toBe(false);
});
