/**
 * Payment settings from the environment. With PAYSTACK_SECRET_KEY
 * the API talks to Paystack (PAYSTACK_BASE_URL, default Paystack's own);
 * without it the API starts the built-in Paystack sandbox on its own port
 * and talks to that, by the same client and the same code path. Production
 * never runs the sandbox: it refuses to start without a key. The sandbox's
 * own key is generated once per installation (plugins/payments.ts).
 * Problems are returned, not thrown, so loadConfig reports them with the rest.
 */
import path from 'node:path';
import { PAYSTACK_LIVE_BASE_URL } from './paystack/client';
import { PAYSTACK_MIN_TRANSFER_KOBO } from './paystack/fees';
import { envValue as value } from '../../lib/env';

/** How long after payment an accepted, uncompleted order must wait before its buyer may open a dispute (orders/status-rules.ts). */
export const BUYER_WAIT_MS = 14 * 24 * 60 * 60 * 1000;

export type PaystackConfig =
  | { kind: 'paystack'; baseUrl: string; secretKey: string }
  | {
      kind: 'sandbox';
      /** The sandbox's own port (the API starts it; 0 = any free port). */
      port: number;
      /** Where browsers reach the sandbox's checkout page. */
      publicUrl: string;
      /** The sandbox's records, so a restart still knows the payments it took. */
      stateFile: string;
    };

export interface PaymentsConfig {
  paystack: PaystackConfig;
  /** Kept by the platform on each released order, rounded down to the kobo (0 by default). */
  platformFeePercent: number;
  /** Key of the completion codes' lookup and encryption; generated and kept in the database when unset. */
  completionCodeSecret: string | null;
  /** How often pending payments, refunds, payouts and e-mails are looked at again. */
  reconcileIntervalMs: number;
  /**
   * How long after payment an accepted order waits before its buyer may open a
   * dispute: 14 days. ORDERS_BUYER_WAIT_SECONDS shortens it under NODE_ENV=test
   * only (the browser journeys cannot move the API's clock); anywhere else it is refused.
   */
  buyerWaitMs: number;
  /**
   * Payouts are batched per store: a store's released money is sent at most once per interval
   * (PAYOUT_INTERVAL_HOURS, default 24; 0 = at every reconciliation) and only from
   * PAYOUT_MINIMUM_NAIRA (default 1,000; Paystack's own minimum transfer is ₦100), so a small sale
   * does not cost a transfer fee of its own.
   */
  payoutIntervalMs: number;
  payoutMinimumKobo: number;
}

export const DEFAULT_SANDBOX_PORT = 4010;
/** The sandbox answers only this machine: its checkout page pays without a card, and its API takes its key. */
export const SANDBOX_HOST = '127.0.0.1';

export function loadPaymentsConfig(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'development' | 'production' | 'test',
  dataDir: string,
): { config: PaymentsConfig; problems: string[] } {
  const problems: string[] = [];
  const secretKey = value(env, 'PAYSTACK_SECRET_KEY');

  let paystack: PaystackConfig;
  if (secretKey) {
    if (!/^sk_(test|live)_\w+$/.test(secretKey))
      problems.push('PAYSTACK_SECRET_KEY: must be a Paystack secret key (sk_test_… or sk_live_…)');
    const baseUrl = value(env, 'PAYSTACK_BASE_URL') ?? PAYSTACK_LIVE_BASE_URL;
    if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) problems.push('PAYSTACK_BASE_URL: must be an http(s) URL');
    paystack = { kind: 'paystack', baseUrl, secretKey };
  } else {
    if (nodeEnv === 'production') {
      problems.push('PAYSTACK_SECRET_KEY: required in production (the built-in Paystack sandbox runs only in development and tests)');
    }
    const rawPort = value(env, 'PAYSTACK_SANDBOX_PORT');
    const port = rawPort === undefined ? DEFAULT_SANDBOX_PORT : Number(rawPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PAYSTACK_SANDBOX_PORT: must be a port number');
    const publicUrl = (value(env, 'PAYSTACK_SANDBOX_PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) problems.push('PAYSTACK_SANDBOX_PUBLIC_URL: must be an http(s) URL');
    paystack = { kind: 'sandbox', port, publicUrl, stateFile: path.join(dataDir, 'paystack-sandbox.json') };
  }

  const rawFee = value(env, 'PLATFORM_FEE_PERCENT') ?? '0';
  const platformFeePercent = Number(rawFee);
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(rawFee) || !(platformFeePercent >= 0 && platformFeePercent < 100)) {
    problems.push('PLATFORM_FEE_PERCENT: a percentage from 0 to below 100, at most 2 decimals (e.g. 2.5)');
  }

  const completionCodeSecret = value(env, 'COMPLETION_CODE_SECRET') ?? null;
  if (completionCodeSecret !== null && completionCodeSecret.length < 32) problems.push('COMPLETION_CODE_SECRET: at least 32 characters');

  const rawInterval = value(env, 'PAYMENTS_RECONCILE_SECONDS');
  const seconds = rawInterval === undefined ? 60 : Number(rawInterval);
  if (!Number.isInteger(seconds) || seconds < 1) problems.push('PAYMENTS_RECONCILE_SECONDS: a whole number of seconds, at least 1');

  const rawWait = value(env, 'ORDERS_BUYER_WAIT_SECONDS');
  let buyerWaitMs = BUYER_WAIT_MS;
  if (rawWait !== undefined) {
    if (nodeEnv !== 'test')
      problems.push('ORDERS_BUYER_WAIT_SECONDS: only for NODE_ENV=test (the 14-day wait before a dispute is not configurable)');
    else if (!/^\d{1,9}$/.test(rawWait)) problems.push('ORDERS_BUYER_WAIT_SECONDS: a whole number of seconds');
    else buyerWaitMs = Number(rawWait) * 1000;
  }

  const rawPayoutHours = value(env, 'PAYOUT_INTERVAL_HOURS') ?? '24';
  if (!/^\d{1,3}$/.test(rawPayoutHours) || Number(rawPayoutHours) > 168)
    problems.push('PAYOUT_INTERVAL_HOURS: a whole number of hours from 0 to 168');
  const rawPayoutMinimum = value(env, 'PAYOUT_MINIMUM_NAIRA') ?? '1000';
  const payoutMinimumKobo = Number(rawPayoutMinimum) * 100;
  if (!/^\d{1,7}$/.test(rawPayoutMinimum) || payoutMinimumKobo < PAYSTACK_MIN_TRANSFER_KOBO) {
    problems.push("PAYOUT_MINIMUM_NAIRA: a whole number of naira, at least 100 (Paystack's minimum transfer)");
  }

  return {
    config: {
      paystack,
      platformFeePercent,
      completionCodeSecret,
      reconcileIntervalMs: seconds * 1000,
      buyerWaitMs,
      payoutIntervalMs: Number(rawPayoutHours) * 60 * 60 * 1000,
      payoutMinimumKobo,
    },
    problems,
  };
}
