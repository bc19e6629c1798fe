/** Spec section 8, Payment: what a failed POST /payments/initiate shows. */
import { readApiError } from '@campus/shared/api-client';
import { UnexpectedAnswerError } from '@campus/shared/call';
import { MESSAGES } from '@campus/shared/messages';

export interface CheckoutFailure {
  text: string;
  /** 409: the cart changed under the page; it is read again. */
  cartChanged: boolean;
}

export function checkoutFailure(error: unknown): CheckoutFailure {
  // An answer without a payment address fails the contract's answer schema.
  if (error instanceof UnexpectedAnswerError) return { text: MESSAGES.payment.noUrl, cartChanged: false };
  const { status, serverMessage } = readApiError(error);
  if (status === 401) return { text: MESSAGES.payment.unauthorized, cartChanged: false };
  if (status === 409) return { text: serverMessage ?? MESSAGES.payment.cartChanged, cartChanged: true };
  return { text: serverMessage ?? MESSAGES.payment.failed, cartChanged: false };
}
