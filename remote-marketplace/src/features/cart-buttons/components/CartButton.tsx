import { Button, HStack, IconButton, Stack, Text, chakra } from '@campus/shared/ui';
import { LuMinus, LuPlus, LuShoppingCart, LuTrash2 } from 'react-icons/lu';
import { memo } from 'react';
import { useCartLine } from '../api/use-cart-line';

export interface CartButtonProps {
  productId: string;
  productName: string;
  stockQuantity: number;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * Spec section 4: Add to Cart; once in the cart a quantity stepper (decreasing
 * from 1 removes the item); disabled while updating; stock 0 shows a disabled
 * Out of Stock button.
 */
export function CartButton(props: CartButtonProps) {
  return <CartButtonView {...props} {...useCartLine(props.productId)} />;
}

type CartButtonViewProps = CartButtonProps & ReturnType<typeof useCartLine>;

/** What the button shows for one state of the cart line; memoised, so an unchanged line is not drawn again. */
const CartButtonView = memo(function CartButtonView({
  productName,
  stockQuantity,
  size = 'sm',
  item,
  loading,
  pending,
  error,
  add,
  setQuantity,
}: CartButtonViewProps) {
  if (stockQuantity <= 0) {
    return (
      <Button size={size} disabled variant="subtle" flex="1">
        Out of Stock
      </Button>
    );
  }

  const errorText = error ? (
    <Text role="alert" color="red.600" fontSize="xs">
      {error}
    </Text>
  ) : null;

  if (!item) {
    return (
      <Stack gap="1" flex="1">
        <Button
          size={size}
          colorPalette="brand"
          onClick={add}
          loading={pending}
          loadingText="Adding..."
          disabled={pending || loading}
          // Busy until the cart is known too: the button turns on then (its fade a screen reader, axe and a test can wait for).
          aria-busy={pending || loading}
          // The visible words start the name (WCAG 2.5.3: voice users say what they see), busy or not;
          // the product tells buttons apart.
          aria-label={pending ? `Adding... ${productName}` : `Add to Cart: ${productName}`}
        >
          <LuShoppingCart aria-hidden="true" /> Add to Cart
        </Button>
        {errorText}
      </Stack>
    );
  }

  const atOne = item.quantity <= 1;
  const atStock = item.quantity >= stockQuantity;
  return (
    <Stack gap="1" flex="1">
      <HStack gap="1" justify="space-between" borderWidth="1px" borderRadius="md" p="0.5" aria-busy={pending}>
        <IconButton
          size={size}
          variant="ghost"
          aria-label={atOne ? `Remove ${productName} from cart` : `Decrease quantity of ${productName}`}
          disabled={pending}
          onClick={() => setQuantity(item.quantity - 1)}
        >
          {atOne ? <LuTrash2 /> : <LuMinus />}
        </IconButton>
        <chakra.span fontWeight="semibold" minW="8" textAlign="center" aria-live="polite" data-testid="cart-quantity">
          <chakra.span srOnly>Quantity in cart: </chakra.span>
          {item.quantity}
        </chakra.span>
        <IconButton
          size={size}
          variant="ghost"
          aria-label={`Increase quantity of ${productName}`}
          disabled={pending || atStock}
          onClick={() => setQuantity(item.quantity + 1)}
        >
          <LuPlus />
        </IconButton>
      </HStack>
      {errorText}
    </Stack>
  );
});
