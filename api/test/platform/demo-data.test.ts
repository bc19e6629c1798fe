/** Demo catalogue for a fresh embedded database: stores, ~60 listings, photos, ratings, search. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { productSchema, sellerCatalogueSchema } from '@campus/shared/schemas';
import { seedCatalogueDemo } from '../../src/catalogue/demo/seed';
import { DEMO_LISTINGS } from '../../src/catalogue/demo/listings';
import { get, login } from '../helpers';
import { catalogueTestApp } from '../catalogue-helpers';

let app: FastifyInstance;
const domain = `demo${randomUUID().slice(0, 6)}.edu.ng`;
const INDEX = `demo_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  app = await catalogueTestApp({ UNIVERSITY_EMAIL_DOMAIN: domain, SEARCH_INDEX_NAME: INDEX });
});
afterAll(async () => {
  await app.close();
});

it('creates demo stores and ~60 listings with photos, stock states and ratings, all searchable', async () => {
  const accounts = await seedCatalogueDemo(app);
  expect(accounts).toHaveLength(4);
  const token = await login(app, accounts[0]?.email ?? '', accounts[0]?.password);
  const profile = await get(app, '/seller/profile', token);
  expect(profile.body.data).toMatchObject({ catalogueName: 'Gadget Hub' });

  expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(55);
  const stocks = DEMO_LISTINGS.map((l) => l.stock);
  expect(stocks.filter((s) => s === 0).length).toBeGreaterThan(3);
  expect(stocks.filter((s) => s > 0 && s < 10).length).toBeGreaterThan(10);

  const sellerId = (profile.body.data as { id: string }).id;
  const catalogue = sellerCatalogueSchema.parse((await get(app, `/sellers/${sellerId}/catalogue?limit=100`)).body.data);
  const products = catalogue.products;
  expect(products.length).toBe(DEMO_LISTINGS.filter((l) => l.store === 'gadgets').length);
  expect(catalogue.averageRating).toBeGreaterThan(4);
  const listed = products.find((p) => p.name === 'Apple iPhone 11 64GB');
  expect(listed).toMatchObject({ price: '235000.00', originalPrice: '260000.00', totalRatings: 1, averageRating: 5 });
  // The reviews are on the product's own page.
  const iphone = productSchema.parse((await get(app, `/products/${listed?.slug ?? ''}`)).body.data);
  expect(iphone.ratings[0]?.review).toContain('tested');
  expect(iphone?.imageUrls).toHaveLength(2);
  const photo = await app.inject({ method: 'GET', url: iphone?.imageUrls[0] ?? '' });
  expect(photo.statusCode).toBe(200);
  expect(photo.headers['content-type']).toBe('image/webp');

  const engine = app.catalogue.engine;
  if (!engine) throw new Error('built-in engine expected');
  const found = await engine.search(INDEX, { query: 'iphnoe' });
  expect(found.hits.map((h) => h.name)).toEqual(expect.arrayContaining(['Apple iPhone 11 64GB', 'Apple iPhone XR 128GB']));
  // The rebuild indexes the whole catalogue (other test files' products too on a shared server).
  expect((await engine.search(INDEX, { query: '', hitsPerPage: 0 })).nbHits).toBeGreaterThanOrEqual(DEMO_LISTINGS.length);
  const store = await engine.search(INDEX, { query: '', hitsPerPage: 0, filters: `sellerId:"${sellerId}"` });
  expect(store.nbHits).toBe(products.length);
});
