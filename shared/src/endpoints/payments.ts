/**
 * Checkout by card (spec section 4 "Checkout", section 7 POST /payments/initiate).
 * Paystack's webhook (POST /payments/webhook) is not part of this contract:
 * Paystack calls it with a signed raw body, never the browser.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope } from '../http';
import { paymentInitiateBodySchema, paymentInitiateResultSchema, paymentVerifyResultSchema } from '../schemas/orders';
import { defineEndpoint } from './define';

/** Spec section 7: authorization_url "at top level or inside data". */
function dataOrTopLevel(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && !('data' in body) && 'authorization_url' in body) return { data: body };
  return body;
}

export const initiatePayment = defineEndpoint({
  name: 'payments.initiate',
  method: 'POST',
  path: '/payments/initiate',
  access: 'signed-in',
  summary: 'Start paying for my cart: reserves the items and answers the payment page address',
  body: paymentInitiateBodySchema,
  response: lazySchema(() => envelope(paymentInitiateResultSchema)),
  // 502: the payment provider could not be reached (nothing is reserved then). 429: too many checkouts (per user, per address).
  errors: [400, 401, 403, 404, 409, 429, 502],
  readAnswer: dataOrTopLevel,
});

export const verifyPayment = defineEndpoint({
  name: 'payments.verify',
  method: 'GET',
  path: '/payments/verify/:reference',
  access: 'signed-in',
  summary: 'The state of my payment (asks the payment provider itself) and its orders once paid',
  params: lazySchema(() => z.object({ reference: z.string().min(1).max(100) })),
  response: lazySchema(() => envelope(paymentVerifyResultSchema)),
  errors: [401, 403, 404],
});

/** A refund that waits for the buyer's bank account (Paystack cannot reverse a bank-transfer or USSD payment). */
export const refundAwaitingAccountSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderId: z.string().nullable(),
    amount: z.string(),
    createdAt: z.string(),
  }),
);
export type RefundAwaitingAccount = z.infer<typeof refundAwaitingAccountSchema>;

export const listRefundsAwaitingAccount = defineEndpoint({
  name: 'payments.refundsAwaitingAccount',
  method: 'GET',
  path: '/payments/refunds/awaiting-account',
  access: 'signed-in',
  summary: 'My refunds that need my bank account before they can be paid (payments made by bank transfer or USSD)',
  response: lazySchema(() => envelope(z.array(refundAwaitingAccountSchema))),
  errors: [401],
});

/** The bank account a refund goes to: the bank's Paystack code and the 10-digit NUBAN (the buyer's form checks the same). */
export const refundAccountBodySchema = lazySchema(() =>
  z.object({
    bankCode: z.string().regex(/^\d{3,6}$/, 'Choose your bank'),
    accountNumber: z.string().regex(/^\d{10}$/, 'Account number must be 10 digits'),
  }),
);
export type RefundAccountBody = z.infer<typeof refundAccountBodySchema>;

export const giveRefundAccount = defineEndpoint({
  name: 'payments.giveRefundAccount',
  method: 'POST',
  path: '/payments/refunds/:refundId/account',
  access: 'signed-in',
  summary: 'Give the bank account a refund should be paid to (checked with the bank, then sent to Paystack)',
  params: lazySchema(() => z.object({ refundId: z.string().min(1).max(100) })),
  body: refundAccountBodySchema,
  response: lazySchema(() => envelope(z.null())),
  // 409: the refund does not wait for an account; 502: Paystack could not be reached.
  errors: [400, 401, 403, 404, 409, 502],
});
