import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-client';
import { href } from '@campus/shared/federation';
import { formatNaira } from '@campus/shared/money';
import { BuyerOrderCard } from '@campus/shared/product-ui';
import { Button, Container, ErrorPanel, Heading, HStack, PageSpinner, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { ShoppingLink } from '../components/ShoppingLink';
import { PaymentOutcome } from '../features/payment-return/components/PaymentOutcome';
import { usePaymentResult } from '../features/payment-return/api/use-payment-result';

export const NO_REFERENCE = 'There is no payment to check here. Start a checkout from your cart.';
export const VERIFY_FAILED = 'Could not check your payment. Please try again.';

function BackToCart() {
  return (
    <Button asChild colorPalette="brand">
      <RouterLink to={href('cart')}>Back to cart</RouterLink>
    </Button>
  );
}

/**
 * /checkout/callback: where Paystack (or the sandbox) sends the buyer back,
 * with `?reference=` (and `trxref=`). The API verifies the payment; paid, each
 * store's order shows with its completion code; otherwise a clear state with
 * the way back to the cart.
 */
export default function PaymentReturnPage() {
  usePageTitle('Payment');
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const result = usePaymentResult(reference);

  let body;
  if (!reference) {
    body = <ErrorPanel message={NO_REFERENCE} action={<BackToCart />} />;
  } else if (result.isPending) {
    body = <PageSpinner label="Checking your payment" minH="40" />;
  } else if (result.isError) {
    const info = readApiError(result.error);
    body = (
      <ErrorPanel
        message={info.status && info.status < 500 && info.serverMessage ? info.serverMessage : VERIFY_FAILED}
        action={
          <HStack gap="2" flexWrap="wrap">
            <Button variant="outline" onClick={() => void result.refetch()}>
              Try again
            </Button>
            <BackToCart />
          </HStack>
        }
      />
    );
  } else if (result.data.status !== 'success') {
    body = (
      <PaymentOutcome
        status={result.data.status}
        reference={result.data.reference}
        actions={
          <HStack gap="2" flexWrap="wrap">
            <BackToCart />
            {result.data.status === 'pending' ? (
              <Button variant="outline" onClick={() => void result.refetch()} loading={result.isFetching} loadingText="Checking...">
                Check again
              </Button>
            ) : null}
          </HStack>
        }
      />
    );
  } else {
    const { orders, amount } = result.data;
    body = (
      <Stack gap="4">
        <Text role="status">
          You paid {formatNaira(amount)}. {orders.length === 1 ? 'Your order is' : `Your ${orders.length} orders are`} below, one per store.
          Each has its own completion code.
        </Text>
        {orders.map((order) => (
          <BuyerOrderCard key={order.id} order={order} />
        ))}
        <HStack gap="2" flexWrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={`${href('profile')}?tab=orders`}>View my orders</RouterLink>
          </Button>
          <ShoppingLink>Continue Shopping</ShoppingLink>
        </HStack>
      </Stack>
    );
  }

  return (
    <Container maxW="3xl" py={{ base: 4, md: 8 }} px={{ base: 3, md: 6 }}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {result.data?.status === 'success' ? 'Payment successful' : 'Payment'}
        </Heading>
        {body}
      </Stack>
    </Container>
  );
}
