import { apiClient, readApiError } from '@campus/shared/api-client';
import { expectArray, isRecord, unwrap } from '@campus/shared/read-answer';

/** GET /wishlist: entries {productId, product?}; an entry may carry only product.id (spec section 3). Answers the ids. */
export function readWishlistIds(body: unknown): string[] {
  return expectArray(unwrap(body, true), 'wishlist')
    .map((entry) => {
      if (!isRecord(entry)) return undefined;
      if (typeof entry.productId === 'string') return entry.productId;
      return isRecord(entry.product) && typeof entry.product.id === 'string' ? entry.product.id : undefined;
    })
    .filter((id): id is string => id !== undefined);
}

/** A 401 on read counts as empty (spec section 8). */
export async function getWishlistIds(): Promise<string[]> {
  try {
    const { data } = await apiClient.get<unknown>('/wishlist');
    return readWishlistIds(data);
  } catch (error) {
    if (readApiError(error).status === 401) return [];
    throw error;
  }
}
