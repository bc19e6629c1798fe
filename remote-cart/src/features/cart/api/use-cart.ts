import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '@campus/shared/queries';

/** The cart page's cart: the shared cart query, read again whenever the page opens (its lines may have moved). */
export function useCartPageCart() {
  return useQuery({ ...cartQuery(), refetchOnMount: 'always' });
}
