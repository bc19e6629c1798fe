import { IconButton, Stack, Text } from '@campus/shared/ui';
import { useEffect } from 'react';
import { LuHeart } from 'react-icons/lu';
import { useWishlist } from '../hooks/wishlist-store';

export interface WishlistButtonProps {
  productId: string;
  productName: string;
  size?: 'sm' | 'md' | 'lg';
}

/** The heart: adds if absent, else removes (spec section 4). */
export function WishlistButton({ productId, productName, size = 'sm' }: WishlistButtonProps) {
  const ensureLoaded = useWishlist((s) => s.ensureLoaded);
  const toggle = useWishlist((s) => s.toggle);
  const inList = useWishlist((s) => s.ids?.includes(productId) ?? false);
  const pending = useWishlist((s) => s.pending[productId] === true);
  const loading = useWishlist((s) => s.status === 'loading' || s.status === 'idle');
  const error = useWishlist((s) => s.errors[productId]);

  useEffect(() => {
    void ensureLoaded();
  }, [ensureLoaded]);

  return (
    <Stack gap="1" align="center">
      <IconButton
        size={size}
        variant="outline"
        colorPalette={inList ? 'red' : 'gray'}
        aria-label={inList ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
        aria-pressed={inList}
        disabled={pending || loading}
        onClick={() => void toggle(productId)}
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
