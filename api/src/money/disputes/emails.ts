/**
 * The e-mails of a dispute: to both sides when it opens and when the campus
 * team decides it. Queued through the outbox by the transaction that made the change.
 */
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { AppConfig } from '../../config';
import { emailHtml, escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../plugins/mailer';
import type { DisputeDecision } from '../../db/schema';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

function plainEmail(to: string, subject: string, paragraphs: readonly string[]): MailMessage {
  return { to, subject, text: paragraphs.join('\n\n'), html: emailHtml(paragraphs.map(escapeHtml)) };
}

export type DisputeSide = 'buyer' | 'seller';

export function disputeOpenedEmail(
  config: AppConfig,
  to: string,
  side: DisputeSide,
  orderCode: string,
  totalKobo: number,
  reason: string,
): MailMessage {
  const said =
    side === 'buyer'
      ? `You opened a dispute on order ${orderCode}. The ${naira(totalKobo)} you paid stays held: the seller is not paid and nothing is refunded until the campus team decides.`
      : `The buyer opened a dispute on order ${orderCode} (${naira(totalKobo)}). The money stays held until the campus team decides. Please answer in your back office, with photos if they help.`;
  const where = side === 'buyer' ? `${config.appUrl}/profile?tab=orders` : `${config.appUrl}/seller/orders`;
  return plainEmail(to, `Dispute opened on order ${orderCode}`, [
    'Hello,',
    said,
    `The buyer's reason: "${reason}"`,
    where,
    `${config.universityName} Marketplace`,
  ]);
}

export interface DisputeOutcome {
  decision: DisputeDecision;
  refundKobo: number;
  /** What the store receives, after the platform fee. */
  paidOutKobo: number;
  note: string;
}

export function disputeDecidedEmail(
  config: AppConfig,
  to: string,
  side: DisputeSide,
  orderCode: string,
  outcome: DisputeOutcome,
): MailMessage {
  const { decision, refundKobo, paidOutKobo } = outcome;
  const said = {
    refund:
      side === 'buyer'
        ? `The campus team decided the dispute on order ${orderCode} in your favour: ${naira(refundKobo)} is being refunded to the card you paid with.`
        : `The campus team decided the dispute on order ${orderCode}: the buyer is refunded ${naira(refundKobo)}, and the store is not paid for this order.`,
    release:
      side === 'buyer'
        ? `The campus team decided the dispute on order ${orderCode}: the money goes to the seller, and nothing is refunded.`
        : `The campus team decided the dispute on order ${orderCode} in your favour: ${naira(paidOutKobo)} is released to your store and goes to your bank account with your store's next payout.`,
    part:
      side === 'buyer'
        ? `The campus team decided the dispute on order ${orderCode}: ${naira(refundKobo)} is being refunded to your card; the rest goes to the seller.`
        : `The campus team decided the dispute on order ${orderCode}: the buyer is refunded ${naira(refundKobo)}; ${naira(paidOutKobo)} is released to your store and goes out with its next payout.`,
  }[decision];
  return plainEmail(to, `Dispute on order ${orderCode} decided`, [
    'Hello,',
    said,
    `The campus team's reason: "${outcome.note}"`,
    `${config.universityName} Marketplace`,
  ]);
}
