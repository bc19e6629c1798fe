import { call } from '@campus/shared/call';
import { sellers } from '@campus/shared/endpoints';
import type { SellerCatalogue } from '@campus/shared/schemas';

export type { SellerCatalogue };
export type CatalogueProduct = SellerCatalogue['products'][number];

/** GET /sellers/{id}/catalogue (spec section 7): the store, its owner and its products. */
export async function getSellerCatalogue(sellerId: string, signal?: AbortSignal): Promise<SellerCatalogue> {
  return (await call(sellers.getSellerCatalogue, { params: { id: sellerId } }, { signal })).data;
}
