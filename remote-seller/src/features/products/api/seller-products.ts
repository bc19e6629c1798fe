import { call } from '@campus/shared/call';
import { orders, products, sellers } from '@campus/shared/endpoints';
import type { Product, SellerSales } from '@campus/shared/schemas';

/** My store's products, newest first: the public catalogue (spec section 7) read by its owner. */
export async function getMyProducts(sellerId: string, signal?: AbortSignal): Promise<Product[]> {
  return (await call(sellers.getSellerCatalogue, { params: { id: sellerId } }, { signal })).data.products;
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
export async function createProduct(sellerId: string, form: FormData, onUploadProgress?: (fraction: number) => void): Promise<Product> {
  return (await call(sellers.createProduct, { params: { id: sellerId }, form }, { onUploadProgress })).data;
}

/** PUT /sellers/{productId}/catalogue (multipart): only the fields given; imageUrls lists the photos kept. */
export async function updateProduct(productId: string, form: FormData, onUploadProgress?: (fraction: number) => void): Promise<Product> {
  return (await call(sellers.updateProduct, { params: { productId }, form }, { onUploadProgress })).data;
}
