import { IconButton, Stack, Text } from '@campus/shared/ui';
import { LuHeart } from 'react-icons/lu';
import { memo } from 'react';
import { useWishlistHeart } from '../api/use-wishlist-heart';

export interface WishlistButtonProps {
  productId: string;
  productName: string;
  size?: 'sm' | 'md' | 'lg';
}

/** The heart: adds if absent, else removes (spec section 4). */
export function WishlistButton(props: WishlistButtonProps) {
  return <WishlistButtonView {...props} {...useWishlistHeart(props.productId)} />;
}

/** The heart for one state of the wishlist; memoised, so an unchanged state is not drawn again. */
const WishlistButtonView = memo(function WishlistButtonView({
  productName,
  size = 'sm',
  inList,
  loading,
  pending,
  error,
  toggle,
}: WishlistButtonProps & ReturnType<typeof useWishlistHeart>) {
  return (
    <Stack gap="1" align="center">
      <IconButton
        size={size}
        variant="outline"
        colorPalette={inList ? 'red' : 'gray'}
        aria-label={inList ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
        aria-pressed={inList}
        disabled={pending || loading}
        onClick={toggle}
      >
        <LuHeart fill={inList ? 'currentColor' : 'none'} />
      </IconButton>
      {error ? (
        <Text role="alert" color="red.600" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
});
