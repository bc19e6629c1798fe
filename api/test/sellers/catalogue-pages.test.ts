/**
 * The public catalogue answer is paged. One page of products, found
 * by name or description, filtered by category and sorted on the server; the
 * store's categories with their counts for the chips; no product carries its
 * reviews (they are on the product's own page).
 */
import type { FastifyInstance } from 'fastify';
import { sellerCatalogueSchema, type SellerCatalogue } from '@campus/shared/schemas';
import { get } from '../helpers';
import { catalogueTestApp, createProduct, sellerAccount } from '../catalogue-helpers';

let app: FastifyInstance;
let sellerId: string;
/** In the order they were created (oldest first). */
const created: Array<{ id: string; name: string }> = [];

beforeAll(async () => {
  app = await catalogueTestApp();
  const seller = await sellerAccount(app);
  sellerId = seller.sellerId;
  const listings = [
    { name: 'Casio calculator', description: 'fx-991ES, exam ready', price: '12500', categoryId: 'electronics' },
    { name: 'Engineering maths', description: 'Stroud, 7th edition', price: '4000', categoryId: 'books' },
    { name: 'Oraimo power bank', description: '20000 mAh, 100% charge in 4 h', price: '15000', categoryId: 'electronics' },
    { name: 'Organic chemistry', description: 'Lecture notes_2025', price: '2500', categoryId: 'books' },
    { name: 'Standing fan', description: 'Binatone, quiet', price: '30000', categoryId: 'hostel-essentials' },
  ];
  for (const fields of listings) {
    const product = await createProduct(app, seller.token, sellerId, fields);
    created.push({ id: product.id, name: product.name });
  }
});
afterAll(async () => {
  await app.close();
});

async function catalogue(query = ''): Promise<SellerCatalogue> {
  const res = await get(app, `/sellers/${sellerId}/catalogue${query}`);
  expect(res.status).toBe(200);
  return sellerCatalogueSchema.parse(res.body.data);
}

const names = (c: SellerCatalogue) => c.products.map((p) => p.name);

describe('GET /sellers/{id}/catalogue is paged', () => {
  it('answers one page, newest first, with the page count, and the next page carries on without overlap', async () => {
    const first = await catalogue('?limit=2');
    expect(names(first)).toEqual(['Standing fan', 'Organic chemistry']);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 5, itemsPerPage: 2 });
    const second = await catalogue('?limit=2&page=2');
    expect(names(second)).toEqual(['Oraimo power bank', 'Engineering maths']);
    const last = await catalogue('?limit=2&page=3');
    expect(names(last)).toEqual(['Casio calculator']);
    // Past the end: an empty page, not an error.
    expect((await catalogue('?limit=2&page=4')).products).toEqual([]);
    // The store's own figures do not change with the page.
    expect(last._count.products).toBe(5);
  });

  it('defaults to 24 products a page and refuses more than 100', async () => {
    expect((await catalogue()).pagination.itemsPerPage).toBe(24);
    const tooMany = await get(app, `/sellers/${sellerId}/catalogue?limit=101`);
    expect(tooMany.status).toBe(400);
  });

  it('sends no reviews with the products of a list', async () => {
    const res = await get(app, `/sellers/${sellerId}/catalogue`);
    const products = (res.body.data as { products: Array<Record<string, unknown>> }).products;
    expect(products).toHaveLength(5);
    for (const product of products) {
      expect(product).not.toHaveProperty('ratings');
      expect(product).toHaveProperty('averageRating');
    }
  });

  it('finds a part of the name or description, case ignored, with LIKE wildcards taken literally', async () => {
    expect(names(await catalogue('?q=CHEM'))).toEqual(['Organic chemistry']);
    expect(names(await catalogue('?q=exam'))).toEqual(['Casio calculator']);
    expect(names(await catalogue(`?q=${encodeURIComponent('100%')}`))).toEqual(['Oraimo power bank']);
    expect(names(await catalogue(`?q=${encodeURIComponent('%')}`))).toEqual(['Oraimo power bank']);
    expect(names(await catalogue(`?q=${encodeURIComponent('s_2')}`))).toEqual(['Organic chemistry']);
    const none = await catalogue('?q=laptop');
    expect(none.products).toEqual([]);
    expect(none.pagination.totalItems).toBe(0);
  });

  it('filters by category and lists every category of the store with its count, whatever the filter', async () => {
    const books = await catalogue('?category=books');
    expect(names(books)).toEqual(['Organic chemistry', 'Engineering maths']);
    expect(books.pagination.totalItems).toBe(2);
    const counts = books.categories.map((c) => [c.id, c.productCount]);
    expect(counts).toEqual(
      expect.arrayContaining([
        ['books', 2],
        ['electronics', 2],
        ['hostel-essentials', 1],
      ]),
    );
    expect(books.categories).toHaveLength(3);
    expect(names(await catalogue('?category=books&q=maths'))).toEqual(['Engineering maths']);
    expect((await catalogue('?category=no-such-category')).products).toEqual([]);
  });

  it.each([
    ['oldest', ['Casio calculator', 'Engineering maths', 'Oraimo power bank', 'Organic chemistry', 'Standing fan']],
    ['price-low', ['Organic chemistry', 'Engineering maths', 'Casio calculator', 'Oraimo power bank', 'Standing fan']],
    ['price-high', ['Standing fan', 'Oraimo power bank', 'Casio calculator', 'Engineering maths', 'Organic chemistry']],
  ])('sorts by %s (spec section 9: the catalogue sorts) across pages', async (sort, expected) => {
    const pages = [await catalogue(`?sort=${sort}&limit=3`), await catalogue(`?sort=${sort}&limit=3&page=2`)];
    expect(pages.flatMap(names)).toEqual(expected);
  });

  it('refuses an unknown sort with 400', async () => {
    const res = await get(app, `/sellers/${sellerId}/catalogue?sort=cheapest`);
    expect(res.status).toBe(400);
  });
});
