/** Sellers' e-mails: plain text first, simple HTML beside it. */
import type { AppConfig } from '../config';
import { emailHtml as html, escapeHtml } from '../lib/html';
import type { MailMessage } from '../plugins/mailer';

/**
 * Payouts follow the store's bank details, so a change is told to the owner
 * at once: a stolen session that redirects the money does not go unseen.
 */
export function bankDetailsChangedEmail(
  config: AppConfig,
  to: string,
  firstName: string,
  change: { bankName: string; accountNumber: string; accountName: string },
): MailMessage {
  const uni = config.universityName;
  const account = `${change.accountName}, ${change.bankName} ••••${change.accountNumber.slice(-4)}`;
  const what = `The bank details of your ${uni} Marketplace store were changed. Your payouts now go to ${account}. Payouts to a new account start 24 hours after the change.`;
  const advice = `If you did not make this change, change your password now and put your own details back in the store's Payments settings (${config.appUrl}/seller/settings).`;
  return {
    to,
    subject: `Your ${uni} Marketplace payouts now go to a new account`,
    text: `Hello ${firstName},\n\n${what}\n\n${advice}\n\n${uni} Marketplace`,
    html: html([`Hello ${escapeHtml(firstName)},`, escapeHtml(what), escapeHtml(advice), `${escapeHtml(uni)} Marketplace`]),
  };
}
