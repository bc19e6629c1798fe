/**
 * What the payments service and each of its parts run on: the database, Paystack, the mailer, the clock and
 * the settings. In a file of its own so the parts (checkout-runner.ts, webhook-processor.ts, refund-runner.ts,
 * payout-runner.ts, reconciler.ts, …) read it without importing the façade that builds them (service.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BuyerOrder } from '@campus/shared/schemas';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../plugins/mailer';
import type { PaystackClient } from './paystack/client';

export interface PaymentsDeps {
  db: Db;
  driver: 'pglite' | 'postgres';
  config: AppConfig;
  paystack: PaystackClient;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  completionSecret: string;
  /** Paystack's key (or the sandbox's): signs the webhooks. */
  paystackSecretKey: string;
  /** Products whose stock changed: the search index follows. */
  reindex(productIds: readonly string[]): Promise<void>;
  /** The buyer's orders made by one payment (orders/service.ts listBuyerOrders): passed in, as orders build on payments. */
  ordersOfPayment(userId: string, paymentId: string, now: Date): Promise<BuyerOrder[]>;
}
