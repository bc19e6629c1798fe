/**
 * Demo stores and listings for an empty embedded database (never in
 * production): four verified store owners, ~60 products with locally drawn
 * photos, a few ratings, all in the search index. Returns the owners'
 * accounts so the start command can print them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toKobo } from '@campus/shared/money';
import { DEMO_PASSWORD } from '../../db/seed';
import { hashPassword } from '../../lib/crypto';
import type { DemoAccount } from '../../types';
import { makeSlug, refreshRatingSummary } from '../../products';
import { storeNameSkeleton } from '../../sellers';
import { insertDemoUsers } from '../../accounts';
import { insertDemoRating } from '../../money';
import { insertDemoProduct } from '../../products';
import { insertDemoSeller } from '../../sellers';
import { anyStoreExists, userIdByEmail } from './demo-repository';
import { DEMO_LISTINGS, DEMO_STORES, type DemoListing, type DemoStore } from './listings';
import { demoPhoto } from './photos';

const DAY = 86_400_000;

/** A demo store's owner account and store, and the hue its photos are drawn in. */
interface DemoOwner {
  userId: string;
  sellerId: string;
  hue: number;
}

export async function seedCatalogueDemo(app: FastifyInstance): Promise<DemoAccount[]> {
  const domain = app.config.universityEmailDomain;
  const now = app.clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD, app.config.passwordHashParams);
  const owners = new Map<string, DemoOwner>();

  for (const store of DEMO_STORES) {
    owners.set(store.key, await seedDemoStore(app, store, passwordHash, now));
  }

  // Raters: the other store owners plus the demo buyer, never a store's own owner.
  const buyerId = await userIdByEmail(app.db, `buyer@${domain}`);
  for (const [i, listing] of DEMO_LISTINGS.entries()) {
    const owner = owners.get(listing.store);
    if (!owner) continue;
    const { id, created } = await seedDemoListing(app, listing, i, owner, now);
    const raters = [buyerId, ...[...owners.values()].filter((o) => o.userId !== owner.userId).map((o) => o.userId)].filter(
      (r): r is string => Boolean(r),
    );
    await seedDemoRatings(app, listing, id, created, raters);
  }
  await app.catalogue.search.rebuild();

  return DEMO_STORES.map((s) => ({
    email: `${s.owner.local}@${domain}`,
    password: DEMO_PASSWORD,
    name: `${s.owner.firstName} ${s.owner.lastName}`,
    purpose: `demo store owner (${s.catalogueName})`,
  }));
}

/** A verified owner account and their store, with a drawn cover picture. */
async function seedDemoStore(app: FastifyInstance, store: DemoStore, passwordHash: string, now: Date): Promise<DemoOwner> {
  const domain = app.config.universityEmailDomain;
  const userId = randomUUID();
  const sellerId = randomUUID();
  // Open since before the term the demo history covers (demo/history.ts).
  const joined = new Date(now.getTime() - 110 * DAY);
  await insertDemoUsers(app.db, [
    {
      id: userId,
      email: `${store.owner.local}@${domain}`,
      passwordHash,
      firstName: store.owner.firstName,
      lastName: store.owner.lastName,
      emailVerifiedAt: joined,
      createdAt: joined,
      updatedAt: joined,
    },
  ]);
  const [picture] = await app.catalogue.photos.store(
    'sellers',
    [{ fileName: 'cover.png', data: await demoPhoto(store.catalogueName, 'other', store.hue) }],
    1,
  );
  await insertDemoSeller(app.db, {
    id: sellerId,
    userId,
    catalogueName: store.catalogueName,
    catalogueNameSkeleton: storeNameSkeleton(store.catalogueName),
    storeDescription: store.storeDescription,
    bankName: store.bankName,
    accountNumber: store.accountNumber,
    accountName: `${store.owner.firstName} ${store.owner.lastName}`,
    phoneNumber: store.phoneNumber,
    whatsappNumber: store.phoneNumber,
    location: store.location,
    picture: picture ?? null,
    createdAt: joined,
    updatedAt: joined,
  });
  return { userId, sellerId, hue: store.hue };
}

/** One listing with its drawn photos, put on sale at its place in the store's last 100 days. */
async function seedDemoListing(
  app: FastifyInstance,
  listing: DemoListing,
  i: number,
  owner: DemoOwner,
  now: Date,
): Promise<{ id: string; created: Date }> {
  const files = await Promise.all(
    Array.from({ length: listing.photos ?? 1 }, async (_, v) => ({
      fileName: `demo-${i}-${v}.png`,
      data: await demoPhoto(listing.name, listing.category, owner.hue, v),
    })),
  );
  const photos = await app.catalogue.photos.store('products', files);
  // Each store's listings spread over the last 100 days: the newest/oldest sorts mean something, and most
  // were on sale all term (the demo history buys them).
  const ofStore = DEMO_LISTINGS.filter((l) => l.store === listing.store);
  const created = new Date(now.getTime() - ((ofStore.length - ofStore.indexOf(listing)) * 100 * DAY) / ofStore.length);
  const id = randomUUID();
  await insertDemoProduct(app.db, {
    id,
    slug: makeSlug(listing.name),
    sellerId: owner.sellerId,
    categoryId: listing.category,
    name: listing.name,
    description: listing.description,
    priceKobo: toKobo(listing.price),
    originalPriceKobo: listing.originalPrice ? toKobo(listing.originalPrice) : null,
    stockQuantity: listing.stock,
    condition: listing.condition ?? null,
    photos,
    createdAt: created,
    updatedAt: created,
  });
  return { id, created };
}

/** The listing's ratings, a day after it went on sale, from the raters in turn; then its rating summary. */
async function seedDemoRatings(app: FastifyInstance, listing: DemoListing, id: string, created: Date, raters: readonly string[]) {
  for (const [j, r] of (listing.ratings ?? []).entries()) {
    const userId = raters[j % raters.length];
    if (!userId) continue;
    await insertDemoRating(app.db, {
      id: randomUUID(),
      productId: id,
      userId,
      rating: r.rating,
      review: r.review,
      createdAt: new Date(created.getTime() + DAY),
    });
  }
  if (listing.ratings?.length) await refreshRatingSummary(app.db, id);
}

/** True when no store exists yet (the demo is only added to a fresh database). */
export async function catalogueIsEmpty(app: FastifyInstance): Promise<boolean> {
  return !(await anyStoreExists(app.db));
}
