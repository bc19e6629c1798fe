import { useState } from 'react';
import { LuShoppingCart } from 'react-icons/lu';
import { MESSAGES } from '@campus/shared/messages';
import { ConfirmDialog } from '@campus/shared/product-ui';
import { Button, Container, EmptyState, ErrorPanel, Grid, Heading, PageSpinner, Stack, usePageTitle } from '@campus/shared/ui';
import { ShoppingLink } from '../components/ShoppingLink';
import { OrderSummary } from '../features/cart/components/OrderSummary';
import { SellerGroup } from '../features/cart/components/SellerGroup';
import { useCartPageCart } from '../features/cart/api/use-cart';
import { useCartChanges } from '../features/cart/api/use-cart-changes';
import { CheckoutPanel } from '../features/checkout/components/CheckoutPanel';
import { useCheckout } from '../features/checkout/api/use-checkout';
import { payableTotals } from '../lib/cart-lines';

export const CART_LOAD_FAILED = 'Failed to load your cart. Please try again.';

/**
 * /cart (spec section 2): the student's cart from the API, grouped by store,
 * with the order summary, Checkout All and Clear Cart. Quantities and stock
 * are read again whenever the page opens (other buyers move the stock).
 */
export default function CartPage() {
  usePageTitle('Cart');
  const cart = useCartPageCart();
  const changes = useCartChanges();
  const checkout = useCheckout();
  const [confirmingClear, setConfirmingClear] = useState(false);

  let body;
  if (cart.isPending) {
    body = <PageSpinner label="Loading your cart" minH="40" />;
  } else if (cart.isError) {
    body = (
      <ErrorPanel
        message={CART_LOAD_FAILED}
        action={
          <Button size="sm" variant="outline" onClick={() => void cart.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (cart.data.sellers.length === 0) {
    body = (
      <EmptyState
        icon={<LuShoppingCart />}
        title={MESSAGES.cart.empty}
        action={
          <ShoppingLink colorPalette="brand" variant="solid">
            Start Shopping
          </ShoppingLink>
        }
      />
    );
  } else {
    const totals = payableTotals(cart.data);
    body = (
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Stack gap="4">
          {cart.data.sellers.map((group) => (
            <SellerGroup key={group.sellerId} group={group} disabled={changes.pending} onChange={changes.change} />
          ))}
        </Stack>
        <OrderSummary totals={totals}>
          <CheckoutPanel cart={cart.data} totalKobo={totals.kobo} blocked={totals.problems > 0 || changes.pending} checkout={checkout} />
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmingClear(true)} disabled={changes.pending}>
            Clear Cart
          </Button>
          <ShoppingLink>Continue Shopping</ShoppingLink>
        </OrderSummary>
      </Grid>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: 4, md: 8 }} px={{ base: 3, md: 6 }}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Cart
        </Heading>
        {changes.error ? <ErrorPanel message={changes.error} /> : null}
        {checkout.notice ? <ErrorPanel message={checkout.notice} /> : null}
        {body}
      </Stack>
      <ConfirmDialog
        open={confirmingClear}
        title="Clear Cart"
        message={MESSAGES.cart.clearConfirm}
        confirmLabel="Clear Cart"
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() => {
          setConfirmingClear(false);
          changes.change({ kind: 'clear' });
        }}
      />
    </Container>
  );
}
