/**
 * The API's test-support interface (docs/testing.md), beyond the e-mails (mailbox.ts): the
 * environment's timings, so a journey that needs a shortened one skips itself elsewhere.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { runtimeConfig } from './accounts';
import { test } from './journey';
import { testSupportSecret } from './ports';

export interface EnvironmentSettings {
  nodeEnv: 'development' | 'production' | 'test';
  /** How long after payment a buyer waits before a dispute may be opened (14 days unless ORDERS_BUYER_WAIT_SECONDS, test only). */
  buyerWaitSeconds: number;
  /** PAYOUT_INTERVAL_HOURS: 0 sends a store's released money at every reconciliation. */
  payoutIntervalHours: number;
  rateLimitScale: number;
}

export async function environmentSettings(request: APIRequestContext): Promise<EnvironmentSettings> {
  const { apiBaseUrl } = await runtimeConfig(request);
  const response = await request.get(`${apiBaseUrl}/test-support/settings`, { headers: { 'X-Test-Support-Secret': testSupportSecret() } });
  expect(response.ok(), `GET /test-support/settings answered ${response.status()} (TEST_SUPPORT_SECRET, docs/testing.md)`).toBeTruthy();
  return ((await response.json()) as { data: EnvironmentSettings }).data;
}

/**
 * Skips the running journey on an API whose buyers wait long after paying before they may open a
 * dispute (ORDERS_BUYER_WAIT_SECONDS shortens it, honoured under NODE_ENV=test only).
 */
export async function skipUnlessDisputesOpenAtOnce(request: APIRequestContext): Promise<void> {
  const { buyerWaitSeconds } = await environmentSettings(request);
  test.skip(
    buyerWaitSeconds > 10,
    `needs an API whose buyers may dispute seconds after paying (ORDERS_BUYER_WAIT_SECONDS, honoured under NODE_ENV=test only); this one waits ${buyerWaitSeconds} s`,
  );
}
