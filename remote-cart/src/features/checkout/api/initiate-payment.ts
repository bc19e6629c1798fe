import { call } from '@campus/shared/call';
import { payments } from '@campus/shared/endpoints';
import type { PaymentInitiateBody, PaymentInitiateResult } from '@campus/shared/schemas';

/**
 * POST /payments/initiate (spec section 7): the total in kobo as a string,
 * the cart id and the pickup details. The contract reads authorization_url at
 * the top level or inside data.
 */
export async function initiatePayment(body: PaymentInitiateBody): Promise<PaymentInitiateResult> {
  return (await call(payments.initiatePayment, { body })).data;
}
