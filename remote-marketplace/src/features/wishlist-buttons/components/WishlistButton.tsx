import { IconButton, Stack, Text } from '@campus/shared/ui';
import { LuHeart } from 'react-icons/lu';
import { useWishlistHeart } from '../api/use-wishlist-heart';

export interface WishlistButtonProps {
  productId: string;
  productName: string;
  size?: 'sm' | 'md' | 'lg';
}

/** The heart: adds if absent, else removes (spec section 4). */
export function WishlistButton({ productId, productName, size = 'sm' }: WishlistButtonProps) {
  const { inList, loading, pending, error, toggle } = useWishlistHeart(productId);

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
}
