/**
 * The messages domain's e-mail: a message unread for 15 minutes, once per
 * conversation until the student reads it, with a link to the thread. No
 * message text in it (a forwarded or shared inbox should not carry it).
 */
import { conversationHref } from '@campus/shared/federation';
import type { AppConfig } from '../config';
import { emailHtml, escapeHtml } from '../lib/html';
import type { MailMessage } from '../plugins/mailer';

export function unreadMessageEmail(
  config: AppConfig,
  to: string,
  unread: { firstName: string; fromName: string; productName: string | null; conversationId: string },
): MailMessage {
  const link = `${config.appUrl}${conversationHref({ conversationId: unread.conversationId })}`;
  const about = unread.productName ? ` about ${unread.productName}` : '';
  const paragraphs = [
    `Hello ${unread.firstName},`,
    `${unread.fromName} sent you a message${about} that you have not read yet.`,
    `Read it and reply: ${link}`,
    'You can turn these e-mails off in Profile → Account.',
    `${config.universityName} Marketplace`,
  ];
  return {
    to,
    subject: `New message from ${unread.fromName}`,
    text: paragraphs.join('\n\n'),
    html: emailHtml([
      ...paragraphs.slice(0, 2).map(escapeHtml),
      `<a href="${escapeHtml(link)}">Read it and reply</a>`,
      ...paragraphs.slice(3).map(escapeHtml),
    ]),
  };
}
