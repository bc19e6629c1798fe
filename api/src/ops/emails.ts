/** E-mails of operator actions: a seller's listing hidden or restored. Queued through the outbox in the action's transaction. */
import type { AppConfig } from '../config';
import { emailHtml, escapeHtml } from '../lib/html';
import type { MailMessage } from '../plugins/mailer';

function plainEmail(to: string, subject: string, paragraphs: readonly string[]): MailMessage {
  return { to, subject, text: paragraphs.join('\n\n'), html: emailHtml(paragraphs.map(escapeHtml)) };
}

export function listingHiddenEmail(config: AppConfig, to: string, listingName: string, reason: string): MailMessage {
  return plainEmail(to, `Your listing "${listingName}" has been hidden`, [
    'Hello,',
    `The campus team has hidden your listing "${listingName}": it no longer shows in search, category pages, your catalogue or its own page.`,
    `The reason: "${reason}"`,
    `If you think this is a mistake, reply to this e-mail.`,
    `${config.universityName} Marketplace`,
  ]);
}

export function listingRestoredEmail(config: AppConfig, to: string, listingName: string): MailMessage {
  return plainEmail(to, `Your listing "${listingName}" is shown again`, [
    'Hello,',
    `The campus team has restored your listing "${listingName}": students can find and buy it again.`,
    `${config.universityName} Marketplace`,
  ]);
}
