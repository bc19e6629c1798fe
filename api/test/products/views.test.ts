/**
 * Product page views (POST /products/{id}/views): once per student or visitor
 * key per product per UTC day, written in batches, the day's dedupe rows gone
 * the next day, one client's flood capped; the store's figures
 * (GET /sellers/{id}/product-views) with views, orders and conversion.
 */
import type { FastifyInstance } from 'fastify';
import { storeProductViewsSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { VIEWS_PER_CLIENT_PER_DAY } from '../../src/products';
import { dailyViews, seenViewDays } from '../../src/products/views-repository';
import { catalogueTestApp, createProduct, sellerAccount } from '../catalogue-helpers';
import { get, post, signedIn } from '../helpers';

jest.setTimeout(60_000);

const DAY = 86_400_000;
let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
let productId: string;
let storeToken: string;
let sellerId: string;

beforeAll(async () => {
  app = await catalogueTestApp({}, { clock });
  const seller = await sellerAccount(app);
  storeToken = seller.token;
  sellerId = seller.sellerId;
  productId = (await createProduct(app, seller.token, seller.sellerId, { name: 'Desk lamp', price: '3,000', stockQuantity: '5' }, 1)).id;
});
afterAll(async () => app.close());

const view = (token?: string, visitorKey?: string, ip = '10.0.0.1') =>
  post(app, `/products/${productId}/views`, visitorKey ? { visitorKey } : {}, token, ip);

it('counts a student once per product per day, and again the next day; the day before leaves no dedupe rows', async () => {
  const ada = await signedIn(app);
  const bola = await signedIn(app);
  for (let i = 0; i < 3; i += 1) expect((await view(ada.token)).status).toBe(200);
  await app.productViews.flush();
  // Written in batches: a second batch with the same student adds nothing.
  await view(ada.token);
  await view(bola.token, undefined, '10.0.0.2');
  // An anonymous visitor key counts once too; no key at all counts the address.
  await view(undefined, 'visitor-key-aaaaaaaaaaaa', '10.0.0.3');
  await view(undefined, 'visitor-key-aaaaaaaaaaaa', '10.0.0.3');
  await view(undefined, undefined, '10.0.0.4');
  await view(undefined, undefined, '10.0.0.4');
  await app.productViews.flush();
  expect(await dailyViews(app.db, productId)).toEqual([{ day: '2026-03-02', views: 4 }]);

  clock.advance(DAY);
  await view(ada.token);
  await app.productViews.flush();
  expect(await dailyViews(app.db, productId)).toEqual([
    { day: '2026-03-02', views: 4 },
    { day: '2026-03-03', views: 1 },
  ]);
  // No record of who looked at what outlives its day: only today's dedupe rows are left.
  expect(await seenViewDays(app.db)).toEqual(['2026-03-03']);

  const figures = storeProductViewsSchema.parse((await get(app, `/sellers/${sellerId}/product-views`, storeToken)).body.data);
  expect(figures.totalViews).toBe(5);
  expect(figures.products).toEqual([{ productId, name: 'Desk lamp', views: 5, orders: 0, conversion: 0 }]);
});

it("caps one client's flood: a script making up visitor keys from one address is counted at most the daily cap", async () => {
  clock.advance(DAY);
  const day = new Date(clock.now()).toISOString().slice(0, 10);
  const answers: boolean[] = [];
  for (let i = 0; i < VIEWS_PER_CLIENT_PER_DAY + 50; i += 1) {
    const res = await view(undefined, `made-up-key-${String(i).padStart(6, '0')}`, '10.9.9.9');
    answers.push((res.body.data as { counted: boolean }).counted);
  }
  await app.productViews.flush();
  expect(answers.filter(Boolean)).toHaveLength(VIEWS_PER_CLIENT_PER_DAY);
  expect((await dailyViews(app.db, productId)).find((d) => d.day === day)?.views).toBe(VIEWS_PER_CLIENT_PER_DAY);
  // Another address is not affected.
  expect((await view(undefined, 'someone-else-key-000000', '10.9.9.10')).body.data).toEqual({ counted: true });
});

it('refuses an unknown product and a malformed visitor key; the figures are the store owner’s only', async () => {
  expect((await post(app, '/products/no-such-product/views', {})).status).toBe(404);
  expect((await post(app, `/products/${productId}/views`, { visitorKey: 'x' })).status).toBe(400);
  const stranger = await signedIn(app);
  expect((await get(app, `/sellers/${sellerId}/product-views`, stranger.token)).status).toBe(403);
});
