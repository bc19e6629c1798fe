/**
 * The e-mails a student would receive, read through the API's test-support interface
 * (GET /test-support/emails?to=..., with the environment's secret: docs/testing.md), so the
 * same journeys run against the product they start and against staging; and fresh
 * university addresses to register with.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { testSupportSecret } from './ports';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** An address no journey has used: e2e-{tag}-{time}-{random}@domain. */
export function uniqueEmail(domain: string, tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${domain}`;
}

/** The e-mails the API sent to `to`, newest first (GET /test-support/emails). */
async function sentTo(request: APIRequestContext, apiBaseUrl: string, to: string): Promise<MailMessage[]> {
  const response = await request.get(`${apiBaseUrl}/test-support/emails`, {
    params: { to },
    headers: { 'X-Test-Support-Secret': testSupportSecret() },
  });
  // A wrong secret (401), or an environment without the interface (404), does not get better by waiting.
  if (!response.ok()) {
    throw new Error(
      `GET /test-support/emails answered ${response.status()}: is TEST_SUPPORT_SECRET on and E2E_TEST_SUPPORT_SECRET its value?`,
    );
  }
  return ((await response.json()) as { data: MailMessage[] }).data;
}

/** Polls the e-mails the API sent until one to `to` whose subject matches arrives; newest first. */
export async function waitForMail(request: APIRequestContext, apiBaseUrl: string, to: string, subject: RegExp): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await sentTo(request, apiBaseUrl, to);
  await expect
    .poll(
      async () => {
        found = (await sentTo(request, apiBaseUrl, to)).find((m) => subject.test(m.subject));
        return found?.subject;
      },
      { timeout: 15_000, message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBeTruthy();
  return found!;
}

export function verificationCode(mail: MailMessage): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${mail.text}`);
  return code;
}

/** The reset link's path and query (/reset-password?token=...) from a password-reset e-mail. */
export function resetLinkPath(mail: MailMessage): string {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in: ${mail.text}`);
  const { pathname, search } = new URL(link);
  return pathname + search;
}
