import { HStack } from '@campus/shared/ui';
import type { BuyableProduct, RenderActions } from '../../components/product-actions-slot';
import { CartButton } from '../../features/cart-buttons/components/CartButton';
import { WishlistButton } from '../../features/wishlist-buttons/components/WishlistButton';

/** Cart stepper and wishlist heart side by side, as the cards show them: two features, composed by the screens. */
export function ProductActions(props: BuyableProduct & { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <HStack gap="2" w="full" align="flex-start">
      <CartButton {...props} />
      <WishlistButton productId={props.productId} productName={props.productName} size={props.size} />
    </HStack>
  );
}

/** The buttons drawn with the card (the category and store pages). */
export const renderProductActions: RenderActions = (product) => <ProductActions {...product} />;
