import { dehydrate, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@campus/shared/query-keys';
import { setRuntimeConfig } from '@campus/shared/runtime-config';
import type { SellerCatalogue } from '@campus/shared/schemas';
import { makeProduct } from '@campus/shared/testing';
import { linkPreviewFor, previewText, PREVIEW_DESCRIPTION_MAX, productPreview, storePreview } from './link-preview';

const STORE: SellerCatalogue = {
  id: 'seller-1',
  catalogueName: 'Ada Gadgets',
  catalogueCover: '/uploads/covers/ada.webp',
  storeDescription: 'Phones and chargers near Hall 3',
  location: 'Hall 3',
  createdAt: '2025-09-15T00:00:00.000Z',
  averageRating: 4.2,
  cataloguePicture: null,
  user: { name: 'Ada Obi', firstName: 'Ada', profilePicture: null },
  _count: { products: 3 },
  categories: [],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 24 },
  products: [],
};

/** The queries a screen was drawn with, as the server's render dehydrates them. */
function drawnWith(entries: [readonly unknown[], unknown][]) {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return dehydrate(client);
}

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: 'https://api.campus.test',
    remotes: { remoteAuth: '', remoteMarketplace: '', remoteCart: '', remoteSeller: '', remoteMessages: '', remoteOps: '' },
    search: { appId: '', apiKey: '', indexName: '' },
    university: { name: 'Campus University', emailDomain: 'campus.edu.ng' },
  });
});

describe('a product link preview', () => {
  it('has the name, the price in naira from the kobo digits, the store, and the first photo on the API origin', () => {
    const product = makeProduct({ price: '12500.5', imageUrls: ['/uploads/p/a.webp', '/uploads/p/b.webp'] });
    expect(productPreview(product)).toEqual({
      type: 'product',
      path: '/product/iphone-12-p1',
      title: 'iPhone 12',
      description: '₦12,500.50 from Tech Hub · A clean iPhone 12, 128 GB',
      image: 'https://api.campus.test/uploads/p/a.webp',
      price: { amount: '12500.50', currency: 'NGN' },
      storeName: 'Tech Hub',
    });
  });

  it('keeps amounts that floating point would bend exact', () => {
    expect(productPreview(makeProduct({ price: '0.29' })).price).toEqual({ amount: '0.29', currency: 'NGN' });
    expect(productPreview(makeProduct({ price: '1234567.07' })).price?.amount).toBe('1234567.07');
    expect(productPreview(makeProduct({ price: '250000' })).price?.amount).toBe('250000.00');
  });

  it('has no image without a photo, and keeps an absolute photo URL', () => {
    expect(productPreview(makeProduct({ imageUrls: [] }))).not.toHaveProperty('image');
    expect(productPreview(makeProduct({ imageUrls: ['https://cdn.test/a.jpg'] })).image).toBe('https://cdn.test/a.jpg');
  });

  it('is found for /product/:slug in the data the screen was drawn with', () => {
    const product = makeProduct({ slug: 'desk-lamp' });
    const queries = drawnWith([[queryKeys.products.detail('desk-lamp'), product]]);
    expect(linkPreviewFor('/product/desk-lamp?ref=wa', queries)?.title).toBe('iPhone 12');
    // Opened by its id: the preview's URL is the slug's.
    expect(linkPreviewFor('/product/p1', drawnWith([[queryKeys.products.detail('p1'), product]]))?.path).toBe('/product/desk-lamp');
    expect(linkPreviewFor('/product/other', queries)).toBeNull();
    expect(linkPreviewFor('/marketplace', queries)).toBeNull();
  });
});

describe('a store link preview', () => {
  it('has the store, its products, owner and place, and its cover', () => {
    expect(storePreview(STORE)).toEqual({
      type: 'website',
      path: '/seller/seller-1/catalogue',
      title: 'Ada Gadgets',
      description: '3 products from Ada Obi · Hall 3 · Phones and chargers near Hall 3',
      image: 'https://api.campus.test/uploads/covers/ada.webp',
      storeName: 'Ada Gadgets',
    });
  });

  it('is found for /seller/:id/catalogue whatever the list query', () => {
    const queries = drawnWith([[queryKeys.catalogue.page('seller-1', { q: '', sort: 'newest', page: 2 }), STORE]]);
    expect(linkPreviewFor('/seller/seller-1/catalogue?page=2', queries)?.title).toBe('Ada Gadgets');
    expect(linkPreviewFor('/seller/seller-2/catalogue', queries)).toBeNull();
  });
});

describe('previewText', () => {
  it('makes one line and cuts a long text at a word', () => {
    expect(previewText('  two\n\nlines  ')).toBe('two lines');
    const long = previewText('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(PREVIEW_DESCRIPTION_MAX);
    expect(long).toMatch(/word…$/);
  });
});
