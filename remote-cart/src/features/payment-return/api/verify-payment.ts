import { call } from '@campus/shared/call';
import { payments } from '@campus/shared/endpoints';
import type { PaymentVerifyResult } from '@campus/shared/schemas';

/** GET /payments/verify/{reference}: the API asks the payment provider itself and answers the orders once paid. */
export async function verifyPayment(reference: string, signal?: AbortSignal): Promise<PaymentVerifyResult> {
  return (await call(payments.verifyPayment, { params: { reference } }, { signal })).data;
}
