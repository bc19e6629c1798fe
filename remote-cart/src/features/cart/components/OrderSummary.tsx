import type { ReactNode } from 'react';
import { formatNaira } from '@campus/shared/money';
import { Card, Flex, Heading, Stack, Text } from '@campus/shared/ui';
import type { PayableTotals } from '../../../lib/cart-lines';

export interface OrderSummaryProps {
  totals: PayableTotals;
  /** Checkout All, Clear Cart, Continue Shopping: composed by the page. */
  children?: ReactNode;
}

/** Spec section 2: the order summary (items, total). Out-of-stock lines are not counted. */
export function OrderSummary({ totals, children }: OrderSummaryProps) {
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="order-summary" position={{ lg: 'sticky' }} top={{ lg: '20' }}>
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="order-summary">
          Order Summary
        </Heading>
        <Flex justify="space-between">
          <Text>Items</Text>
          <Text data-testid="summary-items">{totals.items}</Text>
        </Flex>
        <Flex justify="space-between" fontWeight="bold" fontSize="lg">
          <Text>Total</Text>
          <Text data-testid="summary-total">{formatNaira(totals.price)}</Text>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Delivery is campus pickup.
        </Text>
        {totals.problems > 0 ? (
          <Text fontSize="sm" color="red.700" data-testid="summary-problems">
            Some items are out of stock or have fewer left than you asked for. Fix the marked items to check out.
          </Text>
        ) : null}
        <Stack gap="2">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
