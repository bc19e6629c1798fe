/**
 * The sandbox's answers in Paystack's wire shapes (Paystack's API reference: each endpoint's
 * response body): the { status, message, data } envelope, a transaction, a transfer, a refund
 * and the refund.* webhook's data, and the reading of request bodies as Paystack reads them.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { paystackLocalFeeKobo, paystackTransferFeeKobo } from '../paystack/fees';
import { koboFromWire } from '../paystack/wire';
import type { SandboxRefund, SandboxTransaction, SandboxTransfer } from './store';

/** Paystack's message when the balance cannot cover a transfer (and its fee) or a refund. */
export const NOT_ENOUGH_BALANCE = 'Your balance is not enough to fulfil this request';

export const fail = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ status: false, message });
export const ok = (message: string, data: unknown) => ({ status: true, message, data });
export const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export function transactionData(t: SandboxTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency,
    fees: t.status === 'success' || t.status === 'reversed' ? paystackLocalFeeKobo(t.amount) : null,
    gateway_response: t.gatewayResponse,
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel ?? 'card',
    metadata: t.metadata,
    customer: { email: t.email },
  };
}

export function transferData(t: SandboxTransfer) {
  const failed = t.status === 'failed' || t.status === 'reversed';
  return {
    transfer_code: t.transferCode,
    reference: t.reference,
    status: t.status,
    amount: t.amount,
    // What Paystack takes from the balance besides the amount (booked by the API once the transfer succeeds).
    fee_charged: paystackTransferFeeKobo(t.amount),
    currency: 'NGN',
    // The merchant's own narration, echoed back: never a cause.
    reason: t.reason,
    gateway_response: failed ? 'Beneficiary bank unavailable' : null,
    recipient: t.recipientCode,
  };
}

export function refundData(r: SandboxRefund) {
  return {
    id: r.id,
    transaction: r.transactionId,
    amount: r.amount,
    currency: 'NGN',
    status: r.status,
    createdAt: r.createdAt,
    channel: 'card',
  };
}

/** Paystack's refund webhooks carry no refund id (only refund.needs-attention does), and some send the amount as a string. */
export function refundEventData(r: SandboxRefund, email: string) {
  return {
    ...(r.status === 'needs-attention' ? { id: String(r.id) } : {}),
    status: r.status,
    transaction_reference: r.transactionReference,
    refund_reference: r.status === 'processed' ? `TRF_${r.id}` : null,
    amount: String(r.amount),
    currency: 'NGN',
    processor: 'sandbox',
    customer: { email },
    domain: 'test',
  };
}

export function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A positive amount in kobo, else null (Paystack refuses zero amounts). */
export function koboOf(value: unknown): number | null {
  const kobo = koboFromWire(value);
  return kobo !== null && kobo > 0 ? kobo : null;
}
