/** The store's products as queries and mutations: a change reads the store's product lists again. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoriesQuery } from '@campus/shared/queries';
import { queryKeys } from '@campus/shared/query-keys';
import { createProduct, deleteProduct, getMyProducts, getProduct, getSales, updateProduct } from './seller-products';
import type { ProductSummary } from '@campus/shared/schemas';

export function useSales(sellerId: string) {
  return useQuery({ queryKey: queryKeys.seller.sales(sellerId), queryFn: ({ signal }) => getSales(sellerId, signal) });
}

/** One page of the store's products; the page on screen stays while the next one loads. */
export function useMyProducts(sellerId: string, { q, page, limit }: { q: string; page: number; limit: number }) {
  return useQuery({
    queryKey: queryKeys.seller.productsPage(sellerId, q, page, limit),
    queryFn: ({ signal }) => getMyProducts(sellerId, { q, page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSellerProduct(slugOrId: string) {
  return useQuery({ queryKey: queryKeys.seller.product(slugOrId), queryFn: ({ signal }) => getProduct(slugOrId, signal) });
}

export function useDeleteProduct(sellerId: string, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductSummary) => deleteProduct(product.id),
    onSuccess: async () => {
      onDone();
      await client.invalidateQueries({ queryKey: queryKeys.seller.products(sellerId) });
    },
    onError: () => onDone(),
  });
}

interface UploadHandlers<Upload> {
  /** The product's typed fields and files (call() builds the multipart body), taken when the upload starts. */
  upload: () => Upload;
  onProgress: (fraction: number) => void;
  onError: () => void;
}

type CreateUpload = Parameters<typeof createProduct>[1];
type UpdateUpload = Parameters<typeof updateProduct>[1];

export function useCreateProduct(
  sellerId: string,
  { upload, onProgress, onError, onCreated }: UploadHandlers<CreateUpload> & { onCreated: () => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      // The bar shows from the first byte, not from the first progress event.
      onProgress(0);
      return createProduct(sellerId, upload(), onProgress);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.seller.products(sellerId) });
      onCreated();
    },
    onError,
  });
}

/** Saves a product; `onProgress` only when new photos go up. The saved product replaces the cached one. */
export function useUpdateProduct(
  sellerId: string,
  productId: string,
  {
    upload,
    onProgress,
    onError,
  }: Omit<UploadHandlers<UpdateUpload>, 'onProgress'> & { onProgress: () => ((fraction: number) => void) | undefined },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => updateProduct(productId, upload(), onProgress()),
    onSuccess: async (updated) => {
      client.setQueryData(queryKeys.seller.product(productId), updated);
      await client.invalidateQueries({ queryKey: queryKeys.seller.products(sellerId) });
    },
    onError,
  });
}

/** The marketplace's categories, for the product form's select (the shared query). */
export function useCategories() {
  return useQuery(categoriesQuery());
}
