/**
 * The benchmark's synthetic catalogue: 40 stores and N products whose names
 * mix brands, items and extras the way a campus listing does, inserted in
 * large batches (one statement per batch) and then indexed by the app's own
 * rebuild, so the search index is exactly what production would hold.
 */
import type { FastifyInstance } from 'fastify';
import { products, sellers, users } from '../../src/db/schema';
import { DEFAULT_CATEGORIES } from '../../src/categories/repository';

const BRANDS = [
  'Apple',
  'Samsung',
  'Infinix',
  'Tecno',
  'HP',
  'Dell',
  'Lenovo',
  'Oraimo',
  'Nike',
  'Adidas',
  'Casio',
  'JBL',
  'Vitafoam',
  'Binatone',
  'Itel',
  'Xiaomi',
];
const ITEMS = [
  'iPhone',
  'Galaxy phone',
  'laptop',
  'power bank',
  'earbuds',
  'textbook',
  'calculator',
  'hoodie',
  'sneakers',
  'backpack',
  'kettle',
  'standing fan',
  'mattress',
  'wristwatch',
  'speaker',
  'charger',
  'jacket',
  'novel',
  'lab coat',
  'reading lamp',
];
const EXTRAS = [
  '128GB',
  'fairly used',
  'brand new',
  'size 42',
  '2nd edition',
  'black',
  'with charger',
  'UK used',
  'rechargeable',
  'original',
];
const PLACES = ['Moremi Hall', 'Jaja Hall', 'the library', 'Faculty of Science'];
const STORES = 40;
/** Rows per INSERT: large enough to amortise the round trip, small enough to stay under 65,535 bind parameters. */
const INSERT_BATCH = 2_000;

/** A fixed clock and ids derived from a counter: every run (and every database) holds the same catalogue. */
const NOW = Date.UTC(2026, 10, 1);
function benchId(kind: number, i: number): string {
  return `00000000-0000-4000-800${kind}-${i.toString(16).padStart(12, '0')}`;
}

export function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

export interface LoadedCatalogue {
  inserted: number;
  indexed: number;
  /** The inserts alone; the rest of the load is the app's own index rebuild. */
  insertSeconds: number;
}

/** Inserts the stores and `count` products, then rebuilds the search index. */
export async function loadBenchCatalogue(app: FastifyInstance, count: number, emailDomain: string): Promise<LoadedCatalogue> {
  const started = performance.now();
  const now = NOW;
  const at = new Date(now);
  const sellerIds: string[] = [];
  const userRows = [];
  const sellerRows = [];
  for (let s = 0; s < STORES; s += 1) {
    const userId = benchId(1, s);
    const sellerId = benchId(2, s);
    userRows.push({
      id: userId,
      email: `bench-${userId}@${emailDomain}`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: `Seller ${s}`,
      emailVerifiedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    sellerRows.push({
      id: sellerId,
      userId,
      catalogueName: `${pick(BRANDS, s)} Corner ${s}`,
      bankName: 'GTBank',
      accountNumber: '0123456789',
      accountName: 'Bench',
      phoneNumber: '08030000000',
      location: 'Campus',
      createdAt: at,
      updatedAt: at,
    });
    sellerIds.push(sellerId);
  }
  await app.db.insert(users).values(userRows);
  await app.db.insert(sellers).values(sellerRows);
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, k) => {
      const i = start + k;
      const name = `${pick(BRANDS, i * 7)} ${pick(ITEMS, i * 3)} ${pick(EXTRAS, i)}`;
      const created = new Date(now - i * 60_000);
      return {
        id: benchId(3, i),
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i.toString(36)}`,
        sellerId: pick(sellerIds, i),
        categoryId: pick(DEFAULT_CATEGORIES, i * 5).id,
        name,
        description: `${name}. ${pick(EXTRAS, i * 11)}, pickup at ${pick(PLACES, i)}.`,
        priceKobo: 50_000 + ((i * 7919) % 60_000_000),
        stockQuantity: i % 13,
        photos: [],
        createdAt: created,
        updatedAt: created,
      };
    });
    await app.db.insert(products).values(rows);
  }
  const insertSeconds = (performance.now() - started) / 1000;
  const indexed = await app.catalogue.search.rebuild();
  return { inserted: count, indexed, insertSeconds };
}
