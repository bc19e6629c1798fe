/**
 * Checkout by card (spec section 4 "Checkout", section 7 POST /payments/initiate).
 * Paystack's webhook (POST /payments/webhook) is not part of this contract:
 * Paystack calls it with a signed raw body, never the browser.
 */
import { z } from 'zod';
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
  response: envelope(paymentInitiateResultSchema),
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
  params: z.object({ reference: z.string().min(1).max(100) }),
  response: envelope(paymentVerifyResultSchema),
  errors: [401, 403, 404],
});
