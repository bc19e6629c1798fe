/**
 * How the demo history happens: each planned order's events (checkout and
 * payment on the Paystack sandbox, the store's moves, the cancel, completion
 * by code, the rating) and the stores' payout runs, each at its time, through
 * the services, on a clock moved from one event to the next.
 */
import type { FastifyInstance } from 'fastify';
import { toKobo } from '@campus/shared/money';
import { findUserById } from '../accounts';
import { addToCart, cartView } from '../cart';
import type { AppConfig } from '../config';
import type { Clock } from '../lib/clock';
import { completeWithCode, listPayouts, moveOrder, rateOrderItem, type PaymentsService, type PaystackSandbox } from '../money';
import { DAY, HOUR } from './history-data';
import { storeByKey, type Store } from './history-participants';
import type { PlannedOrder } from './history-plan';

/** The time the demo history is made on: moved forward event by event. */
class DemoClock implements Clock {
  at = 0;
  now(): Date {
    return new Date(this.at);
  }
}

/** What the events run with: the services on the demo clock, and `at` to schedule one more. */
interface Playback {
  app: FastifyInstance;
  sandbox: PaystackSandbox;
  clock: DemoClock;
  /** Checkouts and the work they start (refunds, e-mails), never a payout. */
  payments: PaymentsService;
  /** The payout runs. */
  payouts: PaymentsService;
  end: number;
  ctx: () => { config: AppConfig; now: Date };
  at: (when: number, run: () => Promise<void>) => void;
}

/** Makes the planned orders happen and the payouts go out, in time order; fills each order's id and codes. */
export async function playDemoHistory(
  app: FastifyInstance,
  sandbox: PaystackSandbox,
  plan: PlannedOrder[],
  stores: Store[],
  end: number,
): Promise<void> {
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
  const events: Array<{ at: number; order: number; run: () => Promise<void> }> = [];
  const playback: Playback = {
    app,
    sandbox,
    clock,
    payments,
    payouts,
    end,
    ctx: () => ({ config: app.config, now: clock.now() }),
    at: (when, run) => events.push({ at: when, order: events.length, run }),
  };

  for (const order of plan) scheduleOrder(playback, order);
  schedulePayoutRuns(playback, stores);

  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) {
    clock.at = event.at;
    await event.run();
    // Work the service started in the background (refunds, e-mails) is done at this time too.
    await payments.idle();
    await payouts.idle();
  }
}

/** The order's events as its fate has them: paid, then cancelled, or moved on as far as it gets, and rated. */
function scheduleOrder(playback: Playback, order: PlannedOrder): void {
  const { app, clock, end, ctx, at } = playback;
  const storeOwner = order.store.ownerId;
  at(order.paidAt, () => checkOut(playback, order));
  const move = (when: number, to: 'CONFIRMED' | 'PROCESSING' | 'CANCELLED', actor: 'seller' | 'buyer' = 'seller') =>
    at(when, async () => {
      await moveOrder(app.db, actor, actor === 'seller' ? storeOwner : order.buyer.userId, order.orderId ?? '', to, ctx());
    });
  const fate = order.fate;
  if (fate.kind === 'cancelled') {
    if (fate.by === 'buyer') move(order.paidAt + HOUR, 'CANCELLED', 'buyer');
    else move(order.paidAt + 5 * HOUR, 'CANCELLED');
    return;
  }
  if (fate.kind === 'pending') return;
  move(order.paidAt + 2 * HOUR, 'CONFIRMED');
  if (fate.kind === 'confirmed') return;
  move(order.paidAt + 20 * HOUR, 'PROCESSING');
  if (fate.kind === 'processing') return;
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

/** The buyer fills a cart, checks out and pays on the sandbox; the verified payment makes the order. */
async function checkOut({ app, sandbox, clock, payments }: Playback, order: PlannedOrder): Promise<void> {
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
}

/**
 * The stores' payouts, batched every third day (at most daily is the rule), the last two hours ago. Paystack
 * settles each transfer before the next run asks about it; one is failed by the bank (the money comes back and
 * goes again).
 */
function schedulePayoutRuns({ app, sandbox, payouts, end, at }: Playback, stores: Store[]): void {
  let failed = false;
  for (let run = end - 2 * HOUR - 75 * DAY; run <= end - 2 * HOUR; run += 3 * DAY) {
    at(run, async () => {
      sandbox.settleNow();
      await payouts.sendMoneyOut();
      if (failed || run < end - 30 * DAY) return;
      // The bank fails the first transfer to Threads by Tolu from a month ago (Paystack's transfer.failed).
      const threads = storeByKey(stores, 'threads');
      const [sent] = threads ? await listPayouts(app.db, threads.sellerId) : [];
      if (sent?.status === 'pending' && sent.transferCode && sent.createdAt.getTime() === run) {
        sandbox.setTransferStatus(sent.reference, 'failed');
        failed = true;
      }
    });
  }
}
