import { useQuery } from '@tanstack/react-query';
import { wishlistQuery } from '@campus/shared/queries';
import type { Product, WishlistEntry } from '@campus/shared/schemas';

const productsOf = (entries: WishlistEntry[]): Product[] => entries.flatMap((entry) => (entry.product ? [entry.product] : []));

/** The wishlist's products: the same query as the navbar badge and the marketplace's hearts. */
export function useWishlistProducts() {
  return useQuery({ ...wishlistQuery(), select: productsOf });
}
