import { apiClient } from '@campus/shared/api-client';
import { envelope } from '@campus/shared/http';
import { sellerCatalogueSchema, type SellerCatalogue } from '@campus/shared/schemas';

export type { SellerCatalogue };
export type CatalogueProduct = SellerCatalogue['products'][number];

/** GET /sellers/{id}/catalogue (spec section 7): the store, its owner and its products (shared wire schema). */
const getSellerCatalogueResponseSchema = envelope(sellerCatalogueSchema);

export async function getSellerCatalogue(sellerId: string, signal?: AbortSignal): Promise<SellerCatalogue> {
  const { data } = await apiClient.get<unknown>(`/sellers/${encodeURIComponent(sellerId)}/catalogue`, { signal });
  return getSellerCatalogueResponseSchema.parse(data).data;
}
