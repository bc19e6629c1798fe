import { useQuery } from '@tanstack/react-query';
import { wishlistQuery } from '@campus/shared/queries';
import type { Product, WishlistEntry } from '@campus/shared/schemas';

const productsOf = (entries: WishlistEntry[]): Product[] => entries.flatMap((entry) => (entry.product ? [entry.product] : []));

/** The wishlist's products: the shared wishlist query (the navbar badge reads it too). */
export function useWishlistProducts() {
  return useQuery({ ...wishlistQuery(), select: productsOf });
}
