/**
 * A term of demo history (about 11 weeks) made through the product's own code
 * paths, so every figure adds up the way real ones do: students fill carts,
 * check out (POST /payments/initiate's service), pay on the Paystack sandbox
 * and come back (verify: the charge is fulfilled into orders, held in the
 * ledger); stores confirm and process; completion codes deliver (money
 * released); students cancel (refunds at the sandbox) and rate; payouts go
 * out at the store's daily rhythm and Paystack's word settles them; product
 * pages are viewed. Nothing is written into order, payment or ledger tables
 * here: the services do it, on a clock this module moves through the past
 * (PaymentsService.withDeps, and the `now` the order functions take).
 *
 * Made once, before the API listens (server.ts), on a fresh embedded
 * database with the demo stores and no payment yet; on PostgreSQL only by
 * `npm run seed:demo -w @campus/api`; never in production. The sandbox's
 * webhooks for these payments reach the API once it listens (Paystack's
 * retries) and find them already done, as a late webhook does.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toKobo } from '@campus/shared/money';
import { fillCanonicalEmails, findUserById } from '../accounts';
import { addToCart, cartView } from '../cart';
import { DEMO_STORES } from '../catalogue';
import { DEMO_PASSWORD } from '../db/seed';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../lib/crypto';
import { sendMessage, startConversation } from '../messages';
import { completeWithCode, listPayouts, moveOrder, rateOrderItem, type PaystackSandbox } from '../money';
import { utcDay } from '../products';
import {
  anyPaymentExists,
  insertDemoStudents,
  productsOfStore,
  storesOwnedBy,
  usersByEmail,
  type DemoProductRow,
} from './history-repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the history goes: 11 weeks, a term. */
export const DEMO_HISTORY_DAYS = 77;

/** Extra students who buy from the demo stores (besides the demo buyer and the store owners). */
const DEMO_STUDENTS = [
  { local: 'ngozi.eze', firstName: 'Ngozi', lastName: 'Eze' },
  { local: 'ibrahim.musa', firstName: 'Ibrahim', lastName: 'Musa' },
  { local: 'kemi.alade', firstName: 'Kemi', lastName: 'Alade' },
  { local: 'segun.bakare', firstName: 'Segun', lastName: 'Bakare' },
];

const HOSTELS = [
  { hostelName: 'Moremi Hall', blockNumber: 'B', roomNo: '214' },
  { hostelName: 'Kings Hall', blockNumber: 'C', roomNo: '108' },
  { hostelName: 'Queens Hall', blockNumber: 'A', roomNo: '12' },
  { hostelName: 'Jaja Hall', blockNumber: 'D', roomNo: '305' },
  { hostelName: 'Mellanby Hall', blockNumber: 'E', roomNo: '41' },
];

const REVIEWS: Array<{ rating: number; review: string }> = [
  { rating: 5, review: 'Exactly as described, quick pickup.' },
  { rating: 5, review: 'Seller was patient and showed me everything.' },
  { rating: 4, review: 'Good value, packaging could be better.' },
  { rating: 4, review: 'Works well. Pickup took a day longer than said.' },
  { rating: 5, review: 'Would buy from this store again.' },
  { rating: 3, review: 'Fine, but not as new as the photos.' },
];

/** The time the demo history is made on: moved forward event by event. */
class DemoClock implements Clock {
  at = 0;
  now(): Date {
    return new Date(this.at);
  }
}

/** A small deterministic generator (mulberry32): the same history on every fresh database. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Student {
  email: string;
  userId: string;
  ownStoreId: string | null;
}

interface Store {
  key: string;
  sellerId: string;
  ownerId: string;
  name: string;
  products: Array<DemoProductRow & { left: number }>;
}

type Fate =
  | { kind: 'pending' }
  | { kind: 'confirmed' }
  | { kind: 'processing' }
  | { kind: 'delivered'; at: number; rating: { rating: number; review: string } | null }
  | { kind: 'cancelled'; by: 'buyer' | 'seller' };

interface PlannedOrder {
  buyer: Student;
  store: Store;
  items: Array<{ product: DemoProductRow; quantity: number }>;
  paidAt: number;
  fate: Fate;
  pickup: (typeof HOSTELS)[number];
  /** Filled once paid. */
  orderId?: string;
  orderCode?: string;
  completionCode?: string | null;
}

/** What the start prints and the README points at: an order to accept with its code, one to dispute. */
export interface DemoHistorySummary {
  orders: number;
  toAccept: { store: string; storeEmail: string; orderCode: string; completionCode: string } | null;
  toDispute: { store: string; orderCode: string } | null;
}

/** Should the history be made now: demo stores there, and no checkout ever started? */
export async function demoHistoryWanted(app: FastifyInstance): Promise<boolean> {
  if (app.config.nodeEnv === 'production') return false;
  const domain = app.config.universityEmailDomain;
  const stores = await storesOwnedBy(
    app.db,
    DEMO_STORES.map((s) => `${s.owner.local}@${domain}`),
  );
  return stores.length === DEMO_STORES.length && !(await anyPaymentExists(app.db));
}

export async function seedDemoHistory(app: FastifyInstance, sandbox: PaystackSandbox): Promise<DemoHistorySummary> {
  if (app.config.nodeEnv === 'production') throw new Error('The demo history is never made in production');
  const domain = app.config.universityEmailDomain;
  const realNow = app.clock.now().getTime();
  // Whole minutes, so the story reads the same on every start.
  const end = realNow - (realNow % 60_000);
  const start = end - DEMO_HISTORY_DAYS * DAY;
  const rng = random(34);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

  // ---- who: the stores, their products, the students ---------------------------------
  const storeRows = await storesOwnedBy(
    app.db,
    DEMO_STORES.map((s) => `${s.owner.local}@${domain}`),
  );
  const stores: Store[] = [];
  for (const demo of DEMO_STORES) {
    const row = storeRows.find((r) => r.ownerEmail === `${demo.owner.local}@${domain}`);
    if (!row) continue;
    const products = (await productsOfStore(app.db, row.sellerId))
      // Half of each listing's stock at most, so the shop keeps every stock state it was seeded with.
      .map((p) => ({ ...p, left: Math.floor(p.stockQuantity / 2) }));
    stores.push({ key: demo.key, sellerId: row.sellerId, ownerId: row.ownerId, name: row.catalogueName, products });
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD, app.config.passwordHashParams);
  const joined = new Date(start - 14 * DAY);
  const extra = DEMO_STUDENTS.map((s) => ({ ...s, email: `${s.local}@${domain}` }));
  const known = await usersByEmail(
    app.db,
    extra.map((s) => s.email),
  );
  await insertDemoStudents(
    app.db,
    extra
      .filter((s) => !known.has(s.email))
      .map((s) => ({
        id: randomUUID(),
        email: s.email,
        passwordHash,
        firstName: s.firstName,
        lastName: s.lastName,
        emailVerifiedAt: joined,
        createdAt: joined,
        updatedAt: joined,
      })),
  );
  // Their mailbox keys, as the start gives every account (they sign in like any demo account).
  await fillCanonicalEmails(app);
  const ids = await usersByEmail(app.db, [`buyer@${domain}`, ...extra.map((s) => s.email)]);
  const student = (email: string): Student | null => {
    const userId = ids.get(email);
    return userId ? { email, userId, ownStoreId: null } : null;
  };
  const ada = student(`buyer@${domain}`);
  if (!ada) throw new Error('The demo buyer is missing');
  const buyers: Student[] = [
    ada,
    ...extra.flatMap((s) => student(s.email) ?? []),
    ...stores.map((s) => ({
      email: storeRows.find((r) => r.sellerId === s.sellerId)?.ownerEmail ?? '',
      userId: s.ownerId,
      ownStoreId: s.sellerId,
    })),
  ];

  // ---- what: the plan, oldest first ---------------------------------------------------
  const plan: PlannedOrder[] = [];
  const take = (store: Store, at: number, want?: string, minKobo = 0): Array<{ product: DemoProductRow; quantity: number }> | null => {
    const open = store.products.filter((p) => p.left > 0 && p.createdAt.getTime() < at && p.priceKobo >= minKobo);
    const chosen = (want ? open.find((p) => p.name === want) : undefined) ?? pick(open);
    if (!chosen) return null;
    // Cheap things go by the handful (pages printed, snacks); the rest one at a time.
    const quantity = chosen.priceKobo <= 350_000 ? Math.min(chosen.left, 1 + Math.floor(rng() * 3)) : 1;
    chosen.left -= quantity;
    return [{ product: chosen, quantity }];
  };
  const storeOf = (key: string) => stores.find((s) => s.key === key);
  const fateFor = (paidAt: number): Fate => {
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
  };
  const add = (buyer: Student, store: Store | undefined, paidAt: number, fate: Fate, want?: string, minKobo = 0) => {
    if (!store || store.sellerId === buyer.ownStoreId) return;
    const items = take(store, paidAt, want, minKobo);
    if (!items) return;
    // A delivery or a status move is never planned after the present.
    if (fate.kind === 'delivered' && fate.at >= end) fate = { kind: 'processing' };
    plan.push({ buyer, store, items, paidAt, fate, pickup: pick(HOSTELS) });
  };

  for (let day = DEMO_HISTORY_DAYS - 1; day >= 1; day -= 1) {
    // More orders as the term goes on (students find the shop).
    const r = rng() + (DEMO_HISTORY_DAYS - day) / DEMO_HISTORY_DAYS / 2;
    const count = r < 0.5 ? 0 : r < 0.95 ? 1 : r < 1.3 ? 2 : 3;
    for (let i = 0; i < count; i += 1) {
      const paidAt = end - day * DAY + Math.floor(rng() * 10) * HOUR - 12 * HOUR;
      const buyer = pick(buyers.slice(1));
      add(buyer, pick(stores.filter((s) => s.sellerId !== buyer.ownStoreId)), paidAt, fateFor(paidAt));
    }
  }
  // The demo buyer's own story: an order in every state, named in the README.
  const toAccept = { store: 'books', product: 'Engineering drawing set' };
  add(
    ada,
    storeOf('hostel'),
    end - 40 * DAY,
    { kind: 'delivered', at: end - 38 * DAY, rating: { rating: 5, review: 'Boils fast and the seller brought it to my hostel.' } },
    'Electric kettle 1.7L',
  );
  add(ada, storeOf('books'), end - 30 * DAY, { kind: 'cancelled', by: 'buyer' }, 'Things Fall Apart by Chinua Achebe');
  add(ada, storeOf('threads'), end - 20 * DAY, { kind: 'processing' }, 'Ankara shirt for men');
  add(ada, storeOf('hostel'), end - 5 * DAY, { kind: 'processing' }, 'Mosquito net (treated, single)');
  add(ada, storeOf('gadgets'), end - 1 * DAY, { kind: 'confirmed' }, 'Oraimo FreePods 4 earbuds');
  add(ada, storeOf(toAccept.store), end - 2 * DAY, { kind: 'pending' }, toAccept.product);
  // Every store: money held (an order waiting), a payout two hours ago (of an order delivered just before) and
  // money available (an order delivered after it, which waits for tomorrow's payout). Above the payout minimum.
  for (const store of stores) {
    const others = buyers.slice(1).filter((b) => b.ownStoreId !== store.sellerId);
    add(pick(others), store, end - DAY + 2 * HOUR, { kind: 'pending' });
    add(pick(others), store, end - 3 * DAY, { kind: 'delivered', at: end - 4 * HOUR, rating: null }, undefined, 500_000);
    add(pick(others), store, end - 3 * DAY + HOUR, { kind: 'delivered', at: end - HOUR, rating: null }, undefined, 500_000);
  }
  plan.sort((a, b) => a.paidAt - b.paidAt);

  // ---- how: the events, each at its time, through the services --------------------------
  const clock = new DemoClock();
  // Checkouts through a copy whose payout minimum no store reaches: payouts leave only at the daily runs below,
  // so every store's last payout is the last run's and what was released after it is still available.
  const quiet = { send: async () => undefined, mailbox: null, sent: null };
  const payments = app.payments.withDeps({
    clock,
    // The search index follows the stock once, at the end, for every demo product.
    reindex: async () => undefined,
    // The made-up students' e-mails are not sent (or printed); the outbox rows are written as for any order.
    mailer: quiet,
    config: { ...app.config, payments: { ...app.config.payments, payoutMinimumKobo: Number.MAX_SAFE_INTEGER } },
  });
  const payouts = app.payments.withDeps({ clock, mailer: quiet, reindex: async () => undefined });
  const ctx = () => ({ config: app.config, now: clock.now() });
  const events: Array<{ at: number; order: number; run: () => Promise<void> }> = [];
  const at = (when: number, run: () => Promise<void>) => events.push({ at: when, order: events.length, run });

  for (const order of plan) {
    const storeOwner = order.store.ownerId;
    at(order.paidAt, async () => {
      await addToCart(
        app.db,
        order.buyer.userId,
        order.items.map((i) => ({ productId: i.product.id, quantity: i.quantity })),
        undefined,
        clock.now(),
      );
      const cart = await cartView(app.db, order.buyer.userId);
      const user = await findUserById(app.db, order.buyer.userId);
      if (!user || !cart.cartId) throw new Error('demo checkout: no cart');
      const started = await payments.initiate(user, {
        email: user.email,
        amount: String(toKobo(cart.totals.totalPrice)),
        metadata: { cartId: cart.cartId },
        ...order.pickup,
      });
      sandbox.act(started.access_code, 'pay');
      const verified = await payments.verify(order.buyer.userId, started.reference);
      const made = verified.orders[0];
      if (verified.status !== 'success' || !made) throw new Error(`demo checkout not fulfilled: ${verified.status}`);
      order.orderId = made.id;
      order.orderCode = made.orderCode;
      order.completionCode = made.completionCode;
    });
    const move = (when: number, to: 'CONFIRMED' | 'PROCESSING' | 'CANCELLED', actor: 'seller' | 'buyer' = 'seller') =>
      at(when, async () => {
        await moveOrder(app.db, actor, actor === 'seller' ? storeOwner : order.buyer.userId, order.orderId ?? '', to, ctx());
      });
    const fate = order.fate;
    if (fate.kind === 'cancelled') {
      if (fate.by === 'buyer') move(order.paidAt + HOUR, 'CANCELLED', 'buyer');
      else move(order.paidAt + 5 * HOUR, 'CANCELLED');
      continue;
    }
    if (fate.kind === 'pending') continue;
    move(order.paidAt + 2 * HOUR, 'CONFIRMED');
    if (fate.kind === 'confirmed') continue;
    move(order.paidAt + 20 * HOUR, 'PROCESSING');
    if (fate.kind === 'processing') continue;
    at(fate.at, async () => {
      const outcome = await completeWithCode(
        app.db,
        order.store.sellerId,
        order.orderId ?? '',
        order.completionCode ?? '',
        app.payments.completionSecret,
        ctx(),
      );
      if (outcome.kind !== 'completed') throw new Error(`demo completion refused: ${outcome.kind}`);
    });
    const rating = fate.rating;
    if (rating && fate.at + 6 * HOUR < end) {
      at(fate.at + 6 * HOUR, async () => {
        for (const item of order.items) await rateOrderItem(app.db, order.buyer.userId, item.product.id, rating, clock.now());
      });
    }
  }

  // The stores' payouts, batched every third day (at most daily is the rule), the last two hours ago. Paystack
  // settles each transfer before the next run asks about it; one is failed by the bank (the money comes back and
  // goes again).
  let failed = false;
  for (let run = end - 2 * HOUR - 75 * DAY; run <= end - 2 * HOUR; run += 3 * DAY) {
    at(run, async () => {
      sandbox.settleNow();
      await payouts.sendMoneyOut();
      if (failed || run < end - 30 * DAY) return;
      // The bank fails the first transfer to Threads by Tolu from a month ago (Paystack's transfer.failed).
      const threads = storeOf('threads');
      const [sent] = threads ? await listPayouts(app.db, threads.sellerId) : [];
      if (sent?.status === 'pending' && sent.transferCode && sent.createdAt.getTime() === run) {
        sandbox.setTransferStatus(sent.reference, 'failed');
        failed = true;
      }
    });
  }

  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) {
    clock.at = event.at;
    await event.run();
    // Work the service started in the background (refunds, e-mails) is done at this time too.
    await payments.idle();
    await payouts.idle();
  }

  await seedViews(app, plan, stores, start, end, rng);
  await app.catalogue.search.products(stores.flatMap((s) => s.products.map((p) => p.id)));
  await seedConversations(app, plan, ada);

  const accept = plan.find((o) => o.buyer === ada && o.store.key === toAccept.store && o.fate.kind === 'pending');
  const dispute = plan.find((o) => o.buyer === ada && o.store.key === 'threads' && o.fate.kind === 'processing');
  const acceptStore = DEMO_STORES.find((s) => s.key === toAccept.store);
  return {
    orders: plan.length,
    toAccept:
      accept?.orderCode && accept.completionCode && acceptStore
        ? {
            store: accept.store.name,
            storeEmail: `${acceptStore.owner.local}@${domain}`,
            orderCode: accept.orderCode,
            completionCode: accept.completionCode,
          }
        : null,
    toDispute: dispute?.orderCode ? { store: dispute.store.name, orderCode: dispute.orderCode } : null,
  };
}

/**
 * Product pages viewed over the term, through the same counter as real views (each made-up visitor once a day):
 * every order's products were looked at that day, and more students looked than bought.
 */
async function seedViews(app: FastifyInstance, plan: PlannedOrder[], stores: Store[], start: number, end: number, rng: () => number) {
  const ordered = new Map<string, number>();
  for (const order of plan) {
    for (const item of order.items) {
      const key = `${utcDay(new Date(order.paidAt))}|${item.product.id}`;
      ordered.set(key, (ordered.get(key) ?? 0) + 1);
    }
  }
  const products = stores.flatMap((s) => s.products);
  const interest = new Map(products.map((p) => [p.id, 1 + Math.floor(rng() * 5)]));
  for (let t = start; t < end; t += DAY) {
    const day = utcDay(new Date(t));
    for (const product of products) {
      if (product.createdAt.getTime() > t) continue;
      const views = (ordered.get(`${day}|${product.id}`) ?? 0) * 2 + Math.floor(rng() * (interest.get(product.id) ?? 1));
      for (let v = 0; v < views; v += 1) {
        const visitor = `demo-visitor:${day}:${product.id}:${v}`;
        app.productViews.record(product.id, visitor, [visitor], new Date(t + 9 * HOUR));
      }
    }
    await app.productViews.flush();
  }
}

/** A few conversations about products and orders, between the demo buyer and the stores (written now). */
async function seedConversations(app: FastifyInstance, plan: PlannedOrder[], ada: Student) {
  const limited = () => new Error('demo conversations: limited');
  const say = async (userId: string, conversationId: string, text: string) =>
    sendMessage(app, userId, conversationId, { fields: { text }, lists: {}, files: [] });
  const ownerOf = (order: PlannedOrder) => order.store.ownerId;

  const waiting = plan.find((o) => o.buyer === ada && o.fate.kind === 'pending');
  if (waiting?.orderId) {
    const chat = await startConversation(app, ada.userId, { orderId: waiting.orderId }, limited);
    await say(ada.userId, chat.id, 'Hello! Can I pick this up tomorrow after my 10am lecture?');
    await say(ownerOf(waiting), chat.id, 'Yes, any time after 11. I will be at the stand by the Faculty of Science car park.');
  }
  const delivered = plan.find((o) => o.buyer === ada && o.fate.kind === 'delivered');
  if (delivered?.orderId) {
    const chat = await startConversation(app, ada.userId, { orderId: delivered.orderId }, limited);
    await say(ada.userId, chat.id, 'Got it, thank you. Works perfectly.');
    await say(ownerOf(delivered), chat.id, 'Glad to hear! Please leave a rating when you can.');
  }
  const other = plan.find((o) => o.buyer !== ada && o.store.key === 'gadgets' && o.buyer.ownStoreId === null);
  const product = other?.items[0]?.product;
  if (product) {
    const chat = await startConversation(app, ada.userId, { productId: product.id }, limited);
    await say(ada.userId, chat.id, `Is the ${product.name} still available? Can I see it before paying?`);
    await say(other.store.ownerId, chat.id, 'Yes it is. Come to Block C, Kings Hall any evening this week.');
  }
}
