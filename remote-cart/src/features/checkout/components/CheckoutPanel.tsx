import { useState } from 'react';
import type { Cart, PickupDetails } from '@campus/shared/schemas';
import { Box, Button, HStack, Text } from '@campus/shared/ui';
import type { Checkout } from '../api/use-checkout';
import { recallPickup, rememberPickup } from '../lib/pickup-memory';
import { PickupDetailsDialog } from './PickupDetailsDialog';

export interface CheckoutPanelProps {
  cart: Cart;
  totalKobo: number;
  /** Out-of-stock or above-stock lines, or a cart change on its way: the API would refuse. */
  blocked: boolean;
  /** The page's checkout (its notice shows at the top of the page, where it stays if the cart empties). */
  checkout: Checkout;
}

const NO_PICKUP: PickupDetails = { hostelName: '', blockNumber: '', roomNo: '' };

/**
 * Checkout All and the pickup details it needs: the first checkout asks for
 * them, later ones show the remembered ones (with Change) and go straight on.
 */
export function CheckoutPanel({ cart, totalKobo, blocked, checkout }: CheckoutPanelProps) {
  const { start, starting, userId } = checkout;
  const [pickup, setPickup] = useState<PickupDetails | null>(() => (userId ? recallPickup(userId) : null));
  const [asking, setAsking] = useState<'to-pay' | 'to-change' | null>(null);

  const pay = (details: PickupDetails) => {
    setPickup(details);
    setAsking(null);
    start({ cart, totalKobo, pickup: details });
  };
  const change = (details: PickupDetails) => {
    setPickup(details);
    setAsking(null);
    if (userId) rememberPickup(userId, details);
  };
  const checkoutAll = () => {
    if (pickup) pay(pickup);
    else if (userId && totalKobo > 0) setAsking('to-pay');
    // Not signed in: start() says so before any question is asked.
    else start({ cart, totalKobo, pickup: NO_PICKUP });
  };

  return (
    <>
      {pickup ? (
        <Box borderWidth="1px" borderRadius="md" p="3" data-testid="pickup-summary">
          <HStack justify="space-between" align="flex-start" gap="2">
            <Box>
              <Text fontSize="sm" fontWeight="semibold">
                Pickup
              </Text>
              <Text fontSize="sm">
                {pickup.hostelName}, Block {pickup.blockNumber}, Room {pickup.roomNo}
              </Text>
            </Box>
            <Button
              size="xs"
              variant="outline"
              onClick={() => setAsking('to-change')}
              disabled={starting}
              aria-label="Change pickup details"
            >
              Change
            </Button>
          </HStack>
        </Box>
      ) : null}
      <Button
        colorPalette="brand"
        size="lg"
        onClick={checkoutAll}
        disabled={blocked || starting || totalKobo <= 0}
        loading={starting}
        loadingText="Starting payment..."
      >
        Checkout All
      </Button>
      {asking ? (
        <PickupDetailsDialog
          open
          initial={pickup}
          submitLabel={asking === 'to-pay' ? 'Continue to payment' : 'Save'}
          onClose={() => setAsking(null)}
          onSubmit={asking === 'to-pay' ? pay : change}
        />
      ) : null}
    </>
  );
}
