/**
 * One product's heart: in the wishlist or not, from the page's one wishlist
 * query (spec section 4: fresh for 2 minutes); a toggle adds if absent, else
 * removes, then the wishlist is read again and the badge follows
 * (`wishlistChanged`).
 */
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { wishlistChangeMutation, wishlistIds, wishlistQuery } from '@campus/shared/queries';

export const WISHLIST_UPDATE_FAILED = 'Could not update your wishlist. Please try again.';

export function useWishlistHeart(productId: string) {
  const client = useQueryClient();
  const ids = useQuery({ ...wishlistQuery(), select: wishlistIds });
  // Stable values and toggle while this product's place in the list is unchanged: the memoised heart
  // is not drawn again (as the cart buttons, use-cart-line.ts).
  const inList = ids.data?.includes(productId) ?? false;
  const mutationKey = ['wishlist-heart', productId];
  // Any change, or a failure that may mean the copy is out of date: the wishlist is read again.
  const { mutate, isError, error } = useMutation({ ...wishlistChangeMutation(client), mutationKey });
  const pending = useIsMutating({ mutationKey }) > 0;
  const toggle = useCallback(() => {
    if (!pending) mutate({ kind: inList ? 'remove' : 'add', productId });
  }, [pending, mutate, inList, productId]);
  return {
    inList,
    loading: ids.isPending,
    pending,
    error: isError ? messageOr(error, WISHLIST_UPDATE_FAILED) : undefined,
    toggle,
  };
}
