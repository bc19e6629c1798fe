/**
 * Order routes (spec sections 3, 4, 7): the buyer's and the store's
 * lists, status moves, the buyer's cancel, completion by code, payouts and
 * ratings. Ownership is checked in the repository's transaction (the order's
 * store or buyer against the caller); these routes speak HTTP and start the
 * money work (refunds, payouts, e-mails) once a change has committed.
 */
import type { FastifyInstance } from 'fastify';
import { orders } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { forbidden, invalid } from '../../lib/domain-errors';
import { pagination } from '../../http/pagination';
import { route, type ApiRoute } from '../../http/route';
import { storeBalances } from '../payments/ledger';
import { ipLimit, tooManyRequests, userLimit } from '../../plugins/rate-limits';
import { storeProductViews, toDecimal, utcDay } from '../../products';
import { ownedSeller, sellerOfUser } from '../../sellers';
import {
  buyerOrderView,
  completeWithCode,
  listBuyerOrders,
  listSellerOrders,
  moveOrder,
  orderView,
  rateOrderItem,
  sellerSales,
  storeProductOrders,
} from './service';
import { listPayouts } from '../payments/payout-repository';
import { toPayout } from '../payments/payout-service';

/** The analytics window of product views: about a term (12 weeks). */
export const STORE_VIEWS_DAYS = 84;

const completionSecret = (app: FastifyInstance) => app.payments.completionSecret;
const moveContext = (app: FastifyInstance) => ({ config: app.config, now: app.clock.now() });
/** Refunds, payouts and e-mails a committed change has queued, after the answer. */
const afterMoneyMoved = (app: FastifyInstance, productIds: readonly string[] = []) => app.payments.afterCommit(productIds);

export function orderRoutes(app: FastifyInstance): ApiRoute[] {
  return [...orderListAndMoveRoutes(app), ...completionRoutes(app), ...storeMoneyRoutes(app), ...ratingRoutes(app)];
}

/** The buyer's and the store's order lists, the store's status moves and the buyer's cancel. */
function orderListAndMoveRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(orders.listMyOrders, async (request) => {
      const { page, limit } = request.query;
      const result = await listBuyerOrders(
        app.db,
        request.auth.user.id,
        { page, limit },
        completionSecret(app),
        app.clock.now(),
        undefined,
        app.config.payments.buyerWaitMs,
      );
      return { data: result.items, pagination: pagination(page, limit, result.totalItems) };
    }),

    route(orders.listSellerOrders, async (request) => {
      const { page, limit, q, open } = request.query;
      await ownedSeller(app.db, request.params.sellerId, request.auth.user.id);
      const result = await listSellerOrders(app.db, request.params.sellerId, { page, limit }, q, open === 'true');
      return { data: result.items, pagination: pagination(page, limit, result.totalItems) };
    }),

    route(orders.updateOrderStatus, async (request) => {
      const moved = await moveOrder(
        app.db,
        'seller',
        request.auth.user.id,
        request.params.orderId,
        request.body.orderStatus,
        moveContext(app),
      );
      afterMoneyMoved(app, moved.restockedProductIds);
      return { data: await orderView(app.db, moved.orderId), message: MESSAGES.orders.updated };
    }),

    // Limited per address and per buyer: each cancel moves a refund and stock.
    route(
      orders.cancelMyOrder,
      async (request) => {
        const moved = await moveOrder(app.db, 'buyer', request.auth.user.id, request.params.orderId, 'CANCELLED', moveContext(app));
        afterMoneyMoved(app, moved.restockedProductIds);
        return {
          data: await buyerOrderView(app.db, moved.orderId, completionSecret(app), app.clock.now(), app.config.payments.buyerWaitMs),
          message: MESSAGES.orders.cancelled,
        };
      },
      { config: ipLimit(app, 'cancelOrder'), preHandler: [userLimit(app, 'cancelOrder')] },
    ),
  ];
}

/** Completion by the buyer's code, entered by the store. */
function completionRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(orders.completeOrder, async (request, reply) => {
      const store = await sellerOfUser(app.db, request.auth.user.id);
      if (!store) throw forbidden(MESSAGES.completion.notSeller);
      const outcome = await completeWithCode(
        app.db,
        store.id,
        request.body.orderId,
        request.body.code,
        completionSecret(app),
        moveContext(app),
      );
      // The store's day is used up: 429 until midnight UTC, whatever this attempt did.
      const storeLocked = (ms: number) =>
        tooManyRequests(reply, Math.ceil(ms / 1000), MESSAGES.completion.storeLockedToday(Math.max(1, Math.ceil(ms / 3_600_000))));
      if (outcome.kind === 'locked') throw storeLocked(outcome.remainingMs);
      if (outcome.kind === 'wrong' || outcome.kind === 'replaced') {
        // A replaced code's e-mail to the buyer is in the outbox: send it now.
        if (outcome.kind === 'replaced') afterMoneyMoved(app);
        if (outcome.storeLockedForMs > 0) throw storeLocked(outcome.storeLockedForMs);
        throw invalid(
          outcome.kind === 'replaced' ? MESSAGES.completion.codeReplaced : MESSAGES.completion.wrongCodeTriesLeft(outcome.triesLeft),
        );
      }
      afterMoneyMoved(app);
      const { release } = outcome;
      return {
        data: await orderView(app.db, outcome.orderId),
        message: MESSAGES.completion.success,
        release: {
          released: toDecimal(release.releasedKobo),
          cardFee: toDecimal(release.chargeShareKobo),
          commission: toDecimal(release.commissionKobo),
          toAvailable: toDecimal(release.paidOutKobo),
        },
      };
    }),
  ];
}

/** The store's money and figures: payouts, sales, product views against orders. */
function storeMoneyRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(orders.getSellerPayouts, async (request) => {
      const store = await ownedSeller(app.db, request.params.id, request.auth.user.id);
      const balances = await storeBalances(app.db, store.id);
      const list = await listPayouts(app.db, store.id);
      return {
        data: {
          held: toDecimal(balances.heldKobo),
          // Released and not yet arrived in the bank (on its way counts: it can still come back).
          available: toDecimal(balances.availableKobo + balances.inTransferKobo),
          paidOut: toDecimal(balances.paidOutKobo),
          schedule: {
            everyHours: app.config.payments.payoutIntervalMs / 3_600_000,
            minimum: toDecimal(app.config.payments.payoutMinimumKobo),
          },
          payouts: list.map(toPayout),
        },
      };
    }),

    route(orders.getSellerSales, async (request) => {
      const store = await ownedSeller(app.db, request.params.id, request.auth.user.id);
      const sales = await sellerSales(app.db, store.id);
      return {
        data: {
          revenue: toDecimal(sales.revenueKobo),
          orderCount: sales.orderCount,
          customerCount: sales.customerCount,
          products: sales.products,
        },
      };
    }),

    // Views and orders over the same days: the term (STORE_VIEWS_DAYS), per product, most viewed first.
    route(orders.getStoreProductViews, async (request) => {
      const store = await ownedSeller(app.db, request.params.id, request.auth.user.id);
      const now = app.clock.now();
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (STORE_VIEWS_DAYS - 1)));
      const [views, sold] = await Promise.all([
        storeProductViews(app.db, store.id, utcDay(since)),
        storeProductOrders(app.db, store.id, since),
      ]);
      const list = sold
        .map((p) => {
          const seen = views.get(p.productId) ?? 0;
          return { productId: p.productId, name: p.name, views: seen, orders: p.orders, conversion: seen > 0 ? p.orders / seen : null };
        })
        .sort((a, b) => b.views - a.views || b.orders - a.orders || a.name.localeCompare(b.name));
      return { data: { days: STORE_VIEWS_DAYS, totalViews: list.reduce((sum, p) => sum + p.views, 0), products: list } };
    }),
  ];
}

/** Ratings from real purchases. */
function ratingRoutes(app: FastifyInstance): ApiRoute[] {
  return [
    route(orders.rateProduct, async (request, reply) => {
      const rating = await rateOrderItem(app.db, request.auth.user.id, request.params.id, request.body, app.clock.now());
      void app.catalogue.search.products([request.params.id]);
      reply.status(201);
      return { data: rating, message: MESSAGES.ratings.added };
    }),
  ];
}
