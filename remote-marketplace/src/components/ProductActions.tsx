import { HStack } from '@campus/shared/ui';
import { CartButton } from '../features/cart-buttons/components/CartButton';
import { WishlistButton } from '../features/wishlist-buttons/components/WishlistButton';

/** Cart stepper and wishlist heart side by side, as the cards show them. */
export function ProductActions(props: { productId: string; productName: string; stockQuantity: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <HStack gap="2" w="full" align="flex-start">
      <CartButton {...props} />
      <WishlistButton productId={props.productId} productName={props.productName} size={props.size} />
    </HStack>
  );
}
