import { call } from '@campus/shared/call';
import { orders, products, sellers, type EndpointMultipart } from '@campus/shared/endpoints';
import type { Pagination } from '@campus/shared/http';
import type { Product, ProductSummary, SellerSales } from '@campus/shared/schemas';

export interface MyProductsPage {
  products: ProductSummary[];
  pagination: Pagination;
  /** Products in the whole store, whatever the search: 0 means "no products yet". */
  storeTotal: number;
}

/**
 * One page of my store's products, newest first, found by `q` (name or
 * description): the public catalogue (spec section 7) read by its owner; the
 * API pages and searches it.
 */
export async function getMyProducts(
  sellerId: string,
  page: { q?: string; page: number; limit: number },
  signal?: AbortSignal,
): Promise<MyProductsPage> {
  const query = { page: page.page, limit: page.limit, ...(page.q ? { q: page.q } : {}) };
  const { data } = await call(sellers.getSellerCatalogue, { params: { id: sellerId }, query }, { signal });
  return { products: data.products, pagination: data.pagination, storeTotal: data._count.products };
}

/** GET /sellers/{id}/sales: revenue and units sold per product, over every order. */
export async function getSales(sellerId: string, signal?: AbortSignal): Promise<SellerSales> {
  return (await call(orders.getSellerSales, { params: { id: sellerId } }, { signal })).data;
}

/** GET /products/{slug or id}: one product, for the edit and details screens. */
export async function getProduct(slugOrId: string, signal?: AbortSignal): Promise<Product> {
  return (await call(products.getProduct, { params: { slug: slugOrId } }, { signal })).data;
}

/** DELETE /sellers/{productId}. */
export async function deleteProduct(productId: string): Promise<void> {
  await call(sellers.deleteProduct, { params: { productId } });
}

/** POST /sellers/{id}/catalogue (multipart, 30 s); progress is the share of the upload sent, 0..1. */
export async function createProduct(
  sellerId: string,
  upload: EndpointMultipart<typeof sellers.createProduct>,
  onUploadProgress?: (fraction: number) => void,
): Promise<Product> {
  return (await call(sellers.createProduct, { params: { id: sellerId }, ...upload }, { onUploadProgress })).data;
}

/** PUT /sellers/{productId}/catalogue (multipart): only the fields given; imageUrls lists the photos kept. */
export async function updateProduct(
  productId: string,
  upload: EndpointMultipart<typeof sellers.updateProduct>,
  onUploadProgress?: (fraction: number) => void,
): Promise<Product> {
  return (await call(sellers.updateProduct, { params: { productId }, ...upload }, { onUploadProgress })).data;
}
