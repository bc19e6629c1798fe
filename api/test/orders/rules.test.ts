/** The pure order rules: status moves by actor, and the order codes. */
import { ORDER_STATUSES, type OrderStatus } from '@campus/shared/constants';
import {
  completionLookup,
  decryptCompletionCode,
  encryptCompletionCode,
  generateCompletionCode,
  generateOrderCode,
  generateSettlementCode,
} from '../../src/money/payments/codes';
import { MESSAGES } from '@campus/shared/messages';
import { BUYER_WAIT_MS, buyerMayCancel, buyerMayDispute, checkStatusMove } from '../../src/money/orders/status-rules';

const paidAt = new Date('2026-11-01T10:00:00Z');
const soon = { paidAt, now: new Date(paidAt.getTime() + 60_000) };
const late = { paidAt, now: new Date(paidAt.getTime() + BUYER_WAIT_MS) };

describe('order status moves by actor (spec section 4)', () => {
  const sellerAllowed: Array<[OrderStatus, OrderStatus, boolean]> = [
    ['PENDING', 'CONFIRMED', false],
    ['CONFIRMED', 'PROCESSING', false],
    ['PENDING', 'CANCELLED', true],
    ['CONFIRMED', 'CANCELLED', true],
    ['PROCESSING', 'CANCELLED', true],
  ];

  it.each(sellerAllowed)('the seller may move %s to %s (refund: %s)', (from, to, refund) => {
    expect(checkStatusMove('seller', from, to, soon)).toEqual({ allowed: true, refund });
  });

  it('the seller may make no other move, and nobody moves an order to DELIVERED', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = sellerAllowed.some(([f, t]) => f === from && t === to);
        expect(checkStatusMove('seller', from, to, soon).allowed).toBe(allowed);
      }
      expect(checkStatusMove('buyer', from, 'DELIVERED', late).allowed).toBe(false);
    }
  });

  it('the buyer may cancel a PENDING order at any time, an accepted one never: 14 days after payment they open a dispute instead', () => {
    expect(checkStatusMove('buyer', 'PENDING', 'CANCELLED', soon)).toEqual({ allowed: true, refund: true });
    expect(checkStatusMove('buyer', 'PENDING', 'CANCELLED', late)).toEqual({ allowed: true, refund: true });
    expect(checkStatusMove('buyer', 'CONFIRMED', 'CANCELLED', soon)).toEqual({ allowed: false, reason: MESSAGES.disputes.tooEarly });
    const justBefore = { paidAt, now: new Date(late.now.getTime() - 1) };
    expect(checkStatusMove('buyer', 'PROCESSING', 'CANCELLED', justBefore)).toEqual({ allowed: false, reason: MESSAGES.disputes.tooEarly });
    expect(checkStatusMove('buyer', 'PROCESSING', 'CANCELLED', late)).toEqual({ allowed: false, reason: MESSAGES.disputes.openInstead });
    expect(checkStatusMove('buyer', 'CONFIRMED', 'CANCELLED', late)).toEqual({ allowed: false, reason: MESSAGES.disputes.openInstead });
    expect(checkStatusMove('buyer', 'PENDING', 'CONFIRMED', soon).allowed).toBe(false);
  });

  it('a dispute: only on an accepted order, once the wait after payment is over (configurable wait honoured)', () => {
    for (const status of ORDER_STATUSES) {
      expect(buyerMayDispute(status, late)).toBe(status === 'CONFIRMED' || status === 'PROCESSING');
      expect(buyerMayDispute(status, soon)).toBe(false);
    }
    expect(buyerMayDispute('CONFIRMED', { paidAt, now: new Date(late.now.getTime() - 1) })).toBe(false);
    expect(buyerMayDispute('CONFIRMED', { ...soon, waitMs: 60_000 })).toBe(true);
    expect(buyerMayDispute('CONFIRMED', { ...soon, waitMs: 60_001 })).toBe(false);
  });

  it('closed orders never move', () => {
    for (const closed of ['DELIVERED', 'CANCELLED'] as const) {
      for (const to of ORDER_STATUSES) {
        expect(checkStatusMove('seller', closed, to, late).allowed).toBe(false);
        expect(checkStatusMove('buyer', closed, to, late).allowed).toBe(false);
      }
      expect(buyerMayCancel(closed, late)).toBe(false);
    }
  });
});

describe('order codes', () => {
  it('completion codes are 6 digits (spec section 9)', () => {
    for (let i = 0; i < 200; i += 1) expect(generateCompletionCode()).toMatch(/^\d{6}$/);
  });

  it('order codes are readable aloud and settlement codes are valid transfer references', () => {
    expect(generateOrderCode()).toMatch(/^CM-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(generateSettlementCode()).toMatch(/^stl_[0-9a-f]{24}$/);
  });

  it("the lookup of a code depends on the store and the secret, so one store never matches another's order", () => {
    const a = completionLookup('secret', 'store-a', '123456');
    expect(completionLookup('secret', 'store-a', '123456')).toBe(a);
    expect(completionLookup('secret', 'store-b', '123456')).not.toBe(a);
    expect(completionLookup('other', 'store-a', '123456')).not.toBe(a);
    expect(completionLookup('secret', 'store-a', '123457')).not.toBe(a);
  });

  it("the buyer's sealed copy opens only with the same secret and order id", () => {
    const sealed = encryptCompletionCode('secret', 'order-1', '042042');
    expect(sealed).not.toContain('042042');
    expect(decryptCompletionCode('secret', 'order-1', sealed)).toBe('042042');
    expect(() => decryptCompletionCode('secret', 'order-2', sealed)).toThrow();
    expect(() => decryptCompletionCode('wrong', 'order-1', sealed)).toThrow();
  });
});
