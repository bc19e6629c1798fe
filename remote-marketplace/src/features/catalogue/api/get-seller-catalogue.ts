import { apiClient } from '@campus/shared/api-client';
import { z } from 'zod';

/** A product as the public catalogue lists it. */
export const catalogueProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().optional(),
  price: z.string(),
  originalPrice: z.string().nullish(),
  stockQuantity: z.number().int(),
  imageUrls: z.array(z.string()).default([]),
  createdAt: z.string(),
  averageRating: z.number().optional(),
  totalRatings: z.number().int().optional(),
  categoryId: z.string().optional(),
  category: z.object({ id: z.string(), name: z.string() }).nullish(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

/** GET /sellers/{id}/catalogue (spec section 7): the store, its owner and its products. */
export const sellerCatalogueSchema = z.object({
  id: z.string().optional(),
  catalogueName: z.string(),
  catalogueCover: z.string().nullish(),
  cataloguePicture: z.string().nullish(),
  storeDescription: z.string().nullish(),
  location: z.string().nullish(),
  createdAt: z.string().nullish(),
  averageRating: z.number().nullish(),
  salesCount: z.number().int().nullish(),
  user: z.object({ name: z.string().optional(), firstName: z.string().optional(), profilePicture: z.string().nullish() }).nullish(),
  _count: z.object({ products: z.number().int().optional() }).nullish(),
  products: z.array(catalogueProductSchema).default([]),
});
export type SellerCatalogue = z.infer<typeof sellerCatalogueSchema>;

export const getSellerCatalogueResponseSchema = z.object({ data: sellerCatalogueSchema });

export async function getSellerCatalogue(sellerId: string, signal?: AbortSignal): Promise<SellerCatalogue> {
  const { data } = await apiClient.get<unknown>(`/sellers/${encodeURIComponent(sellerId)}/catalogue`, { signal });
  return getSellerCatalogueResponseSchema.parse(data).data;
}
