/**
 * The e-mails money sends: the buyer's receipt with each order's
 * completion code, the seller's new-order notice (never the code), refunds,
 * status changes, completion and payouts. Plain text first, HTML beside it.
 * Queued through the outbox by the transaction that decides them.
 */
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { AppConfig } from '../../config';
import { emailHtml, escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../plugins/mailer';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

export interface ReceiptOrder {
  orderCode: string;
  storeName: string;
  totalKobo: number;
  completionCode: string;
  items: ReadonlyArray<{ name: string; quantity: number; unitPriceKobo: number }>;
}

export interface Pickup {
  hostelName: string;
  blockNumber: string;
  roomNo: string;
}

/** An e-mail of plain paragraphs: the text joined by blank lines, the HTML the same paragraphs escaped. */
function plainEmail(to: string, subject: string, paragraphs: readonly string[]): MailMessage {
  return { to, subject, text: paragraphs.join('\n\n'), html: emailHtml(paragraphs.map(escapeHtml)) };
}

const pickupLine = (p: Pickup) => `${p.hostelName}, block ${p.blockNumber}, room ${p.roomNo}`;
const itemLine = (i: { name: string; quantity: number; unitPriceKobo: number }) =>
  `${i.quantity} × ${i.name} (${naira(i.unitPriceKobo)} each)`;

export function receiptEmail(
  config: AppConfig,
  to: string,
  firstName: string,
  totalKobo: number,
  pickup: Pickup,
  orders: readonly ReceiptOrder[],
): MailMessage {
  const market = `${config.universityName} Marketplace`;
  const text = [
    `Hello ${firstName},`,
    `Your payment of ${naira(totalKobo)} has been received. The money is held safely until you collect your items.`,
    ...orders.map((o) =>
      [
        `Order ${o.orderCode} from ${o.storeName}: ${naira(o.totalKobo)}`,
        ...o.items.map((i) => `  - ${itemLine(i)}`),
        `  Completion code: ${o.completionCode}`,
      ].join('\n'),
    ),
    `Pickup details you gave: ${pickupLine(pickup)}.`,
    "When you collect an order, check the items, then give that order's completion code to the seller. Only then is the seller paid. Never share a code before you have your items.",
    `Your orders and their codes are also on your profile: ${config.appUrl}/profile`,
    market,
  ].join('\n\n');
  const html = emailHtml([
    `Hello ${escapeHtml(firstName)},`,
    `Your payment of <strong>${naira(totalKobo)}</strong> has been received. The money is held safely until you collect your items.`,
    ...orders.map(
      (o) =>
        `<strong>Order ${escapeHtml(o.orderCode)}</strong> from ${escapeHtml(o.storeName)}: ${naira(o.totalKobo)}<br>` +
        o.items.map((i) => escapeHtml(itemLine(i))).join('<br>') +
        `<br>Completion code: <strong style="font-size:1.6em;letter-spacing:0.2em">${o.completionCode}</strong>`,
    ),
    `Pickup details you gave: ${escapeHtml(pickupLine(pickup))}.`,
    "When you collect an order, check the items, then give that order's completion code to the seller. Only then is the seller paid. <strong>Never share a code before you have your items.</strong>",
    `<a href="${escapeHtml(config.appUrl)}/profile">Your orders</a>`,
    escapeHtml(market),
  ]);
  return {
    to,
    subject: `Payment received: ${orders.length === 1 ? `order ${orders[0]?.orderCode ?? ''}` : `${orders.length} orders`}`,
    text,
    html,
  };
}

export function newOrderEmail(
  config: AppConfig,
  to: string,
  storeName: string,
  order: { orderCode: string; totalKobo: number; items: ReceiptOrder['items'] },
  pickup: Pickup,
): MailMessage {
  const lines = [
    `Hello ${storeName},`,
    `You have a new paid order, ${order.orderCode}, for ${naira(order.totalKobo)}:`,
    order.items.map(itemLine).join('\n'),
    `Pickup: ${pickupLine(pickup)}.`,
    'Confirm it in your back office, hand the items over, and enter the 6-digit code the buyer gives you at collection: that releases your money.',
    `${config.appUrl}/seller/orders`,
  ];
  return plainEmail(to, `New order ${order.orderCode} (${naira(order.totalKobo)})`, lines);
}

export function refundEmail(config: AppConfig, to: string, amountKobo: number, why: string): MailMessage {
  const lines = [
    'Hello,',
    `${why} We are refunding ${naira(amountKobo)} to the card you paid with. Card refunds usually arrive within a few working days.`,
    `${config.universityName} Marketplace`,
  ];
  return plainEmail(to, `Refund of ${naira(amountKobo)}`, lines);
}

export function orderStatusEmail(config: AppConfig, to: string, orderCode: string, storeName: string, status: string): MailMessage {
  const said: Record<string, string> = {
    CONFIRMED: `${storeName} has confirmed your order ${orderCode}.`,
    PROCESSING: `${storeName} is preparing your order ${orderCode} for pickup.`,
  };
  const lines = [
    'Hello,',
    said[status] ?? `Your order ${orderCode} is now ${status}.`,
    'Give the seller your completion code only when you have your items.',
    `${config.appUrl}/profile`,
  ];
  return plainEmail(to, `Order ${orderCode}: ${status.toLowerCase()}`, lines);
}

export function orderCancelledEmail(
  config: AppConfig,
  to: string,
  orderCode: string,
  byWhom: 'buyer' | 'seller',
  totalKobo: number,
): MailMessage {
  const lines = [
    'Hello,',
    `Order ${orderCode} was cancelled by the ${byWhom}. ${byWhom === 'seller' ? `The buyer gets ${naira(totalKobo)} back.` : `The ${naira(totalKobo)} goes back to the buyer's card.`}`,
    `${config.universityName} Marketplace`,
  ];
  return plainEmail(to, `Order ${orderCode} cancelled`, lines);
}

export function orderCompletedEmail(config: AppConfig, to: string, orderCode: string, releasedKobo: number, feeKobo: number): MailMessage {
  const lines = [
    'Hello,',
    `Order ${orderCode} is complete. ${naira(releasedKobo)} has been released to your store${feeKobo > 0 ? ` (after ${naira(feeKobo)} in fees: Paystack's card fee, and the platform's commission if any)` : ''}. It goes to your bank account with your store's next payout${payoutRhythm(config)}.`,
    `${config.appUrl}/seller/dashboard`,
  ];
  return plainEmail(to, `Order ${orderCode} completed: ${naira(releasedKobo)} released`, lines);
}

/** When a store is paid: " (once a day, from ₦1,000; Paystack's transfer fee is taken once per payout)". */
export function payoutRhythm(config: AppConfig): string {
  const { payoutIntervalMs, payoutMinimumKobo } = config.payments;
  const hours = payoutIntervalMs / 3_600_000;
  const when = hours === 0 ? 'as soon as possible' : hours === 24 ? 'once a day' : `every ${hours} hours`;
  return ` (${when}, from ${naira(payoutMinimumKobo)}; Paystack's transfer fee is taken once per payout)`;
}

export function payoutEmail(
  config: AppConfig,
  to: string,
  reference: string,
  amountKobo: number,
  outcome: 'success' | 'failed',
  reason: string | null,
): MailMessage {
  const said =
    outcome === 'success'
      ? `${naira(amountKobo)} has been paid to your bank account (reference ${reference}).`
      : `The payout of ${naira(amountKobo)} (reference ${reference}) did not go through${reason ? `: ${reason}` : ''}. We will try again; please check your bank details in your store settings.`;
  const lines = ['Hello,', said, `${config.appUrl}/seller/dashboard`];
  return plainEmail(to, outcome === 'success' ? `Payout of ${naira(amountKobo)} sent` : `Payout of ${naira(amountKobo)} failed`, lines);
}

/** A payment Paystack reported in a currency we never ask for: held for a person, and the buyer told. */
export function paymentReviewEmail(config: AppConfig, to: string, reference: string): MailMessage {
  const lines = [
    'Hello,',
    `Your payment (reference ${reference}) did not come through as the order asked, so we could not create your order. Our team is checking it and will return your money; you do not need to do anything.`,
    `${config.universityName} Marketplace`,
  ];
  return plainEmail(to, 'Your payment is being checked', lines);
}

/** Paystack cannot return a bank-transfer or USSD payment to where it came from: the buyer gives an account. */
export function refundAccountEmail(config: AppConfig, to: string, amountKobo: number): MailMessage {
  const lines = [
    'Hello,',
    `Your refund of ${naira(amountKobo)} needs your bank account: you paid by bank transfer or USSD, which cannot be refunded to a card. Please give the account the money should go to on your orders page.`,
    `${config.appUrl}/profile?tab=orders`,
  ];
  return plainEmail(to, `Your refund of ${naira(amountKobo)} needs your bank account`, lines);
}

/** A payout held back because the bank names the account's holder differently from the name saved with it (sent once per payout). */
export function payoutRefusedEmail(config: AppConfig, to: string, reference: string, amountKobo: number, reason: string): MailMessage {
  const lines = [
    'Hello,',
    `The payout of ${naira(amountKobo)} (reference ${reference}) has not been sent. ${reason}`,
    "The money stays in your store's balance until then. If you did not change your bank details, change your password too.",
    `${config.appUrl}/seller/settings`,
  ];
  return plainEmail(to, `Payout of ${naira(amountKobo)} on hold: please check your bank details`, lines);
}
