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
 *
 * In steps, each a file of its own: who takes part (history-participants.ts),
 * what happens (history-plan.ts, from the tables of history-data.ts), how it
 * happens (history-events.ts); then the product views and a few conversations, here.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_STORES } from '../catalogue';
import { sendMessage, startConversation } from '../messages';
import type { PaystackSandbox } from '../money';
import { utcDay } from '../products';
import { DAY, DEMO_HISTORY_DAYS, HOUR } from './history-data';
import { playDemoHistory } from './history-events';
import { demoBuyers, loadDemoStores, type Store, type Student } from './history-participants';
import { ORDER_TO_ACCEPT, planDemoOrders, random, type PlannedOrder } from './history-plan';
import { anyPaymentExists, storesOwnedBy } from './history-repository';

export { DEMO_HISTORY_DAYS } from './history-data';

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

  // ---- who: the stores, their products, the students ---------------------------------
  const { storeRows, stores } = await loadDemoStores(app, domain);
  const buyers = await demoBuyers(app, domain, start, storeRows, stores);

  // ---- what: the plan, oldest first ---------------------------------------------------
  const plan = planDemoOrders(stores, buyers, end, rng);

  // ---- how: the events, each at its time, through the services --------------------------
  await playDemoHistory(app, sandbox, plan, stores, end);

  await seedViews(app, plan, stores, start, end, rng);
  await app.catalogue.search.products(stores.flatMap((s) => s.products.map((p) => p.id)));
  await seedConversations(app, plan, buyers.ada);
  return summarise(plan, buyers.ada, domain);
}

/** The orders made, the demo buyer's order to accept with its code and the one to dispute. */
function summarise(plan: PlannedOrder[], ada: Student, domain: string): DemoHistorySummary {
  const accept = plan.find((o) => o.buyer === ada && o.store.key === ORDER_TO_ACCEPT.store && o.fate.kind === 'pending');
  const dispute = plan.find((o) => o.buyer === ada && o.store.key === 'threads' && o.fate.kind === 'processing');
  const acceptStore = DEMO_STORES.find((s) => s.key === ORDER_TO_ACCEPT.store);
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
