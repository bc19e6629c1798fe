/**
 * The e-mails of completing orders by code: the buyer hears once per lock
 * event on their order (the fifth wrong code), with the code that replaces
 * the old one. Not on every wrong code: five in a row is the signal worth a
 * mail, and the new code is in it. Queued through the outbox by the
 * transaction that replaced the code.
 */
import type { AppConfig } from '../../config';
import { emailHtml, escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../plugins/mailer';

export function completionCodeReplacedEmail(
  config: AppConfig,
  to: string,
  order: { orderCode: string; storeName: string; wrongCodes: number; newCode: string },
): MailMessage {
  const paragraphs = [
    'Hello,',
    `${order.wrongCodes} wrong completion codes were entered for your order ${order.orderCode} from ${order.storeName}. To keep your money safe, the old code no longer works.`,
    `Your new completion code is ${order.newCode}. It is also on your Orders page.`,
    'Give it to the seller only when you have your items. If you did not try to collect this order, nobody can complete it without this code: just keep it to yourself.',
    `${config.appUrl}/profile`,
  ];
  return {
    to,
    subject: `Order ${order.orderCode}: your completion code was replaced`,
    text: paragraphs.join('\n\n'),
    html: emailHtml(paragraphs.map(escapeHtml)),
  };
}
