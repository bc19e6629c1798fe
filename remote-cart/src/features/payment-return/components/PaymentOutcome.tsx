import type { ReactNode } from 'react';
import type { PaymentStatus } from '@campus/shared/schemas';
import { Alert, Stack, Text } from '@campus/shared/ui';

/** What each unpaid state means for the buyer. Nothing was ordered in any of them. */
export const OUTCOMES: Record<Exclude<PaymentStatus, 'success'>, { title: string; text: string; status: 'error' | 'warning' | 'info' }> = {
  failed: {
    title: 'Payment failed',
    text: 'Your card was declined or the payment did not go through. Nothing was ordered and your cart is as you left it.',
    status: 'error',
  },
  pending: {
    title: 'Payment not completed',
    text: 'The payment was cancelled or has not been confirmed yet. Nothing was ordered and your cart is as you left it. If you did pay, check again in a moment.',
    status: 'warning',
  },
  abandoned: {
    title: 'Payment cancelled',
    text: 'This payment was cancelled or replaced by a newer checkout. Nothing was ordered from it and your cart is as you left it.',
    status: 'warning',
  },
  review: {
    title: 'Payment under review',
    text: 'The payment provider reported something that does not match this checkout (for example a different amount), so no order was made. The payment is set aside for a person to check; keep the reference below.',
    status: 'info',
  },
  refunded: {
    title: 'Payment refunded',
    text: 'The items were no longer available when your payment arrived, so the whole payment is going back to your card. Nothing was ordered.',
    status: 'info',
  },
};

export interface PaymentOutcomeProps {
  status: Exclude<PaymentStatus, 'success'>;
  reference: string;
  actions: ReactNode;
}

export function PaymentOutcome({ status, reference, actions }: PaymentOutcomeProps) {
  const outcome = OUTCOMES[status];
  return (
    <Alert.Root status={outcome.status} role="alert" borderRadius="md" data-testid="payment-outcome">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title fontSize="lg">{outcome.title}</Alert.Title>
        <Text>{outcome.text}</Text>
        <Text fontSize="sm" color="fg.muted">
          Payment reference: {reference}
        </Text>
        {actions}
      </Stack>
    </Alert.Root>
  );
}
