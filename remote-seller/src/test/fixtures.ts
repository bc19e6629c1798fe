/** remote-seller's entities for tests, on the shared fixtures. */
import type { Order, Product, SellerCatalogue, SellerPayouts, SellerProfile } from '@campus/shared/schemas';
import { makeSeller } from '@campus/shared/testing';

export function makeSellerProfile(overrides: Partial<SellerProfile> = {}): SellerProfile {
  return { ...makeSeller(), userId: 'user-1', averageRating: 0, productCount: 0, ...overrides };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    orderCode: 'ORD-0001',
    settlementCode: null,
    userId: 'buyer-1',
    hostelName: 'Moremi Hall',
    blockNumber: 'B',
    roomNo: '12',
    orderStatus: 'PENDING',
    totalPrice: '12500.00',
    createdAt: '2026-11-20T10:00:00.000Z',
    orderItems: [
      {
        id: 'item-1',
        quantity: 2,
        price: '6250.00',
        product: { id: 'product-1', name: 'Casio calculator', slug: 'casio-calculator', imageUrls: [] },
      },
    ],
    ...overrides,
  };
}

export function makePayouts(overrides: Partial<SellerPayouts> = {}): SellerPayouts {
  return { held: '0.00', available: '0.00', paidOut: '0.00', schedule: { everyHours: 24, minimum: '1000.00' }, payouts: [], ...overrides };
}

export const paged = <T>(data: T[], currentPage = 1, totalPages = 1, itemsPerPage = 10) => ({
  data,
  pagination: { currentPage, totalPages, totalItems: data.length + (totalPages - 1) * itemsPerPage, itemsPerPage },
});

/**
 * The store 'seller-1' (the seller session's) as GET /sellers/{id}/catalogue
 * answers: the page of `products` asked for (page, limit) and the store's count.
 */
export function makeCatalogue(products: Product[], page = 1, limit = 24): SellerCatalogue {
  const shown = products.slice((page - 1) * limit, page * limit);
  return {
    id: 'seller-1',
    catalogueName: 'Ada Gadgets',
    catalogueCover: null,
    cataloguePicture: null,
    storeDescription: null,
    location: 'Hall 3',
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: 0,
    user: { name: 'Ada Obi', firstName: 'Ada', profilePicture: null },
    _count: { products: products.length },
    products: shown,
    pagination: { currentPage: page, totalPages: Math.ceil(products.length / limit), totalItems: products.length, itemsPerPage: limit },
    categories: [],
  };
}
