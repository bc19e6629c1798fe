/**
 * Disputes as the console sees them: the queue, one dispute with its order's thread and
 * ledger, and the operator's decision, made through the money domain (its ledger, refund,
 * payout and e-mails) with the audit row in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { toKobo } from '@campus/shared/money';
import type { DisputeDecisionBody, OpsDispute, OpsDisputeSummary } from '@campus/shared/schemas';
import { invalid, notFound } from '../lib/domain-errors';
import {
  decideDispute,
  disputesOfOrders,
  listDisputes,
  orderLedgerLines,
  orderRow,
  type DecisionInput,
  type DecisionResult,
} from '../money';
import { audit, type Actor } from './audit';
import { orderMessages } from './disputes-repository';
import * as lookups from './lookups-repository';

export async function disputeQueue(app: FastifyInstance): Promise<OpsDisputeSummary[]> {
  const rows = await listDisputes(app.db, false);
  return rows.map((r) => ({
    id: r.dispute.id,
    status: r.dispute.status,
    orderId: r.dispute.orderId,
    orderCode: r.orderCode,
    totalKobo: r.totalKobo,
    storeName: r.storeName,
    buyerEmail: r.buyerEmail,
    reason: r.dispute.reason,
    openedAt: r.dispute.openedAt.toISOString(),
    statements: r.statements,
  }));
}

export async function disputeDetail(app: FastifyInstance, disputeId: string): Promise<OpsDispute> {
  const summary = (await disputeQueue(app)).find((d) => d.id === disputeId);
  if (!summary) throw notFound(MESSAGES.disputes.unknown);
  const order = await orderRow(app.db, summary.orderId);
  if (!order) throw notFound(MESSAGES.disputes.unknown);
  const [views, ledger, thread, store] = await Promise.all([
    disputesOfOrders(app.db, [order.id]),
    orderLedgerLines(app.db, order.id, order.paymentId),
    orderMessages(app.db, order.id),
    lookups.sellerById(app.db, order.sellerId),
  ]);
  const dispute = views.get(order.id);
  if (!dispute) throw notFound(MESSAGES.disputes.unknown);
  const owner = store ? (await lookups.usersByIds(app.db, [store.userId]))[0] : undefined;
  return {
    ...summary,
    orderStatus: order.status,
    sellerEmail: owner?.email ?? null,
    dispute,
    messages: thread.map((m) => ({ from: m.from, text: m.text, createdAt: m.createdAt.toISOString() })),
    ledger: ledger.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
  };
}

/** Naira typed by the operator → integer kobo; the money domain checks it against what was paid. */
function decisionOf(body: DisputeDecisionBody): DecisionInput {
  if (body.outcome !== 'part') return { kind: body.outcome, note: body.reason };
  let refundKobo: number;
  try {
    refundKobo = toKobo(body.amountNaira ?? '');
  } catch {
    throw invalid(MESSAGES.ops.amountInvalid);
  }
  return { kind: 'part', refundKobo, note: body.reason };
}

/** Through the money domain: its ledger journals, refund, payout and both sides' e-mails, with the audit row in its transaction. */
export async function decide(app: FastifyInstance, actor: Actor, disputeId: string, body: DisputeDecisionBody): Promise<DecisionResult> {
  const now = app.clock.now();
  const result = await decideDispute(app.db, disputeId, decisionOf(body), { config: app.config, now }, (tx, made) =>
    audit(tx, actor, { action: `dispute.${body.outcome}`, recordType: 'dispute', recordId: made.disputeId, reason: body.reason }, now),
  );
  app.payments.afterCommit([]);
  return result;
}
