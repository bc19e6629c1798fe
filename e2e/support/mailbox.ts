/**
 * The API's development mailbox (NODE_ENV=test: GET /dev/mailbox/messages?to=...):
 * the e-mails a student would receive, and fresh university addresses to
 * register with.
 */
import { expect, type APIRequestContext } from '@playwright/test';

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

/** Polls the dev mailbox until a message to `to` whose subject matches arrives; newest first. */
export async function waitForMail(request: APIRequestContext, apiBaseUrl: string, to: string, subject: RegExp): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiBaseUrl}/dev/mailbox/messages`, { params: { to } });
        if (!response.ok()) return undefined;
        const messages = (await response.json()) as MailMessage[];
        found = messages.find((m) => subject.test(m.subject));
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
