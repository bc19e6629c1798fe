/** Test data in the API's shapes. */
import type { Cart, SearchRecord } from '@campus/shared/types';
import type { ProductDetail } from '../features/product/api/get-product';

export function makeRecord(overrides: Partial<SearchRecord> = {}): SearchRecord {
  return {
    objectID: 'p1',
    productId: 'p1',
    slug: 'iphone-12-p1',
    name: 'iPhone 12',
    description: 'A clean iPhone 12, 128 GB',
    price: 250000,
    stockQuantity: 4,
    categoryId: 'c-electronics',
    categoryName: 'Electronics',
    sellerId: 'seller-2',
    sellerName: 'Tech Hub',
    imageUrls: ['/img/p1.jpg'],
    createdAt: Date.parse('2026-03-01T10:00:00Z'),
    updatedAt: Date.parse('2026-03-01T10:00:00Z'),
    averageRating: 4.5,
    totalRatings: 2,
    inStock: true,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 'p1',
    slug: 'iphone-12-p1',
    name: 'iPhone 12',
    description: 'A clean iPhone 12, 128 GB',
    price: '250000.00',
    originalPrice: null,
    stockQuantity: 4,
    inStock: true,
    categoryId: 'c-electronics',
    category: { id: 'c-electronics', name: 'Electronics' },
    imageUrls: ['/img/p1-a.jpg', '/img/p1-b.jpg'],
    seller: { id: 'seller-2', catalogueName: 'Tech Hub' },
    ratings: [],
    averageRating: 0,
    totalRatings: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCart(items: Array<{ id: string; productId: string; quantity: number; stock?: number }> = []): Cart {
  const totalItems = items.reduce((n, i) => n + i.quantity, 0);
  return {
    cartId: 'cart-1',
    sellers: items.length
      ? [
          {
            sellerId: 'seller-2',
            catalogueName: 'Tech Hub',
            items: items.map((i) => ({
              id: i.id,
              quantity: i.quantity,
              productId: i.productId,
              cartId: 'cart-1',
              product: { name: 'iPhone 12', price: '250000.00', imageUrls: [], stockQuantity: i.stock ?? 4, slug: 'iphone-12-p1' },
            })),
          },
        ]
      : [],
    totals: { totalItems, totalPrice: '0.00' },
  };
}

export const envelope = <T>(data: T) => ({ data });
