/**
 * What happens in the demo history: the orders of the term, oldest first, each
 * with its buyer, store, items, pickup and fate (how far it gets), drawn from
 * a seeded generator so every fresh database gets the same story.
 */
import { DAY, DEMO_HISTORY_DAYS, HOSTELS, HOUR, REVIEWS } from './history-data';
import type { DemoProductRow } from './history-repository';
import { storeByKey, type DemoBuyers, type Store, type Student } from './history-participants';

export type Fate =
  | { kind: 'pending' }
  | { kind: 'confirmed' }
  | { kind: 'processing' }
  | { kind: 'delivered'; at: number; rating: { rating: number; review: string } | null }
  | { kind: 'cancelled'; by: 'buyer' | 'seller' };

type PlannedItems = Array<{ product: DemoProductRow; quantity: number }>;

export interface PlannedOrder {
  buyer: Student;
  store: Store;
  items: PlannedItems;
  paidAt: number;
  fate: Fate;
  pickup: (typeof HOSTELS)[number];
  /** Filled once paid. */
  orderId?: string;
  orderCode?: string;
  completionCode?: string | null;
}

/** The demo buyer's order left PENDING for the reader to accept with its code (named in the README). */
export const ORDER_TO_ACCEPT = { store: 'books', product: 'Engineering drawing set' };

/** A small deterministic generator (mulberry32): the same history on every fresh database. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The plan being drawn: the orders so far, the history's `end` and the generator every choice comes from. */
interface Planning {
  plan: PlannedOrder[];
  end: number;
  rng: () => number;
  pick: <T>(list: readonly T[]) => T;
}

/** The term's orders, oldest first. Takes the items' units off the stores' `left`. */
export function planDemoOrders(stores: Store[], { ada, buyers }: DemoBuyers, end: number, rng: () => number): PlannedOrder[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const planning: Planning = { plan: [], end, rng, pick };
  planDailyOrders(planning, stores, buyers);
  planDemoBuyerStory(planning, stores, ada);
  planStoreBalances(planning, stores, buyers);
  planning.plan.sort((a, b) => a.paidAt - b.paidAt);
  return planning.plan;
}

/** Items of one order from `store`, on sale at `at`: the product wanted if it is there, else any. */
function takeItems(planning: Planning, store: Store, at: number, want?: string, minKobo = 0): PlannedItems | null {
  const { rng, pick } = planning;
  const open = store.products.filter((p) => p.left > 0 && p.createdAt.getTime() < at && p.priceKobo >= minKobo);
  const chosen = (want ? open.find((p) => p.name === want) : undefined) ?? pick(open);
  if (!chosen) return null;
  // Cheap things go by the handful (pages printed, snacks); the rest one at a time.
  const quantity = chosen.priceKobo <= 350_000 ? Math.min(chosen.left, 1 + Math.floor(rng() * 3)) : 1;
  chosen.left -= quantity;
  return [{ product: chosen, quantity }];
}

/** How far an order paid at `paidAt` gets: the older it is, the likelier it was delivered. */
function fateFor(planning: Planning, paidAt: number): Fate {
  const { end, rng, pick } = planning;
  const age = (end - paidAt) / DAY;
  const r = rng();
  const delivered = (): Fate => {
    const at = paidAt + (1 + Math.floor(rng() * 3)) * DAY + Math.floor(rng() * 6) * HOUR;
    return { kind: 'delivered', at, rating: rng() < 0.6 ? pick(REVIEWS) : null };
  };
  if (age > 14) return r < 0.88 ? delivered() : { kind: 'cancelled', by: r < 0.94 ? 'buyer' : 'seller' };
  if (age > 4)
    return r < 0.6
      ? delivered()
      : r < 0.7
        ? { kind: 'cancelled', by: 'seller' }
        : r < 0.85
          ? { kind: 'processing' }
          : { kind: 'confirmed' };
  return r < 0.5 ? { kind: 'pending' } : r < 0.8 ? { kind: 'confirmed' } : { kind: 'processing' };
}

/** Plans one order, unless the store is the buyer's own or has nothing left to sell then. */
function addOrder(
  planning: Planning,
  buyer: Student,
  store: Store | undefined,
  paidAt: number,
  fate: Fate,
  want?: string,
  minKobo = 0,
): void {
  if (!store || store.sellerId === buyer.ownStoreId) return;
  const items = takeItems(planning, store, paidAt, want, minKobo);
  if (!items) return;
  // A delivery or a status move is never planned after the present.
  if (fate.kind === 'delivered' && fate.at >= planning.end) fate = { kind: 'processing' };
  planning.plan.push({ buyer, store, items, paidAt, fate, pickup: planning.pick(HOSTELS) });
}

/** Every day of the term but the last, a few orders by the other buyers. */
function planDailyOrders(planning: Planning, stores: Store[], buyers: Student[]): void {
  const { end, rng, pick } = planning;
  for (let day = DEMO_HISTORY_DAYS - 1; day >= 1; day -= 1) {
    // More orders as the term goes on (students find the shop).
    const r = rng() + (DEMO_HISTORY_DAYS - day) / DEMO_HISTORY_DAYS / 2;
    const count = r < 0.5 ? 0 : r < 0.95 ? 1 : r < 1.3 ? 2 : 3;
    for (let i = 0; i < count; i += 1) {
      const paidAt = end - day * DAY + Math.floor(rng() * 10) * HOUR - 12 * HOUR;
      const buyer = pick(buyers.slice(1));
      addOrder(planning, buyer, pick(stores.filter((s) => s.sellerId !== buyer.ownStoreId)), paidAt, fateFor(planning, paidAt));
    }
  }
}

/** The demo buyer's own story: an order in every state, named in the README. */
function planDemoBuyerStory(planning: Planning, stores: Store[], ada: Student): void {
  const { end } = planning;
  addOrder(
    planning,
    ada,
    storeByKey(stores, 'hostel'),
    end - 40 * DAY,
    { kind: 'delivered', at: end - 38 * DAY, rating: { rating: 5, review: 'Boils fast and the seller brought it to my hostel.' } },
    'Electric kettle 1.7L',
  );
  addOrder(
    planning,
    ada,
    storeByKey(stores, 'books'),
    end - 30 * DAY,
    { kind: 'cancelled', by: 'buyer' },
    'Things Fall Apart by Chinua Achebe',
  );
  addOrder(planning, ada, storeByKey(stores, 'threads'), end - 20 * DAY, { kind: 'processing' }, 'Ankara shirt for men');
  addOrder(planning, ada, storeByKey(stores, 'hostel'), end - 5 * DAY, { kind: 'processing' }, 'Mosquito net (treated, single)');
  addOrder(planning, ada, storeByKey(stores, 'gadgets'), end - 1 * DAY, { kind: 'confirmed' }, 'Oraimo FreePods 4 earbuds');
  addOrder(planning, ada, storeByKey(stores, ORDER_TO_ACCEPT.store), end - 2 * DAY, { kind: 'pending' }, ORDER_TO_ACCEPT.product);
}

/**
 * Every store: money held (an order waiting), a payout two hours ago (of an order delivered just before) and
 * money available (an order delivered after it, which waits for tomorrow's payout). Above the payout minimum.
 */
function planStoreBalances(planning: Planning, stores: Store[], buyers: Student[]): void {
  const { end, pick } = planning;
  for (const store of stores) {
    const others = buyers.slice(1).filter((b) => b.ownStoreId !== store.sellerId);
    addOrder(planning, pick(others), store, end - DAY + 2 * HOUR, { kind: 'pending' });
    addOrder(planning, pick(others), store, end - 3 * DAY, { kind: 'delivered', at: end - 4 * HOUR, rating: null }, undefined, 500_000);
    addOrder(planning, pick(others), store, end - 3 * DAY + HOUR, { kind: 'delivered', at: end - HOUR, rating: null }, undefined, 500_000);
  }
}
