/**
 * Releasing an order's held money to its store: the end of a completion by
 * code (completion-service.ts) and of a dispute the campus team decides with
 * money for the store (disputes/service.ts). The order becomes DELIVERED, the money moves from
 * held to available less the platform fee, and both sides are e-mailed.
 */
import type { Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { recordOrderStatusEvents } from '../../messages';
import { generateSettlementCode } from '../payments/codes';
import { buyerEmail, storeOwner } from '../payments/contact-repository';
import { orderCompletedEmail, orderStatusEmail } from '../payments/emails';
import { releaseSplit } from '../payments/fee-rules';
import { postJournal, storeAccount } from '../payments/ledger';
import { queueEmail } from '../payments/outbox';
import type { MoveContext } from './move-service';
import { updateOrder } from './repository';

/** What a release moved, in kobo: releasedKobo = paidOutKobo (to Available) + feeKobo (chargeShareKobo + commissionKobo). */
export interface ReleasedMoney {
  releasedKobo: number;
  paidOutKobo: number;
  feeKobo: number;
  chargeShareKobo: number;
  commissionKobo: number;
}

/**
 * The order's held money goes to its store: the order is DELIVERED, `releasedKobo`
 * (its whole total unless a dispute's part refund took the rest) moves from held
 * to available less the platform fee on it (it leaves in the store's next
 * batched payout, queueStorePayouts), and both sides are e-mailed. Inside the
 * transaction that locked the order, after the caller checked the order may be released.
 */
export async function releaseOrderMoney(
  tx: Tx,
  order: OrderRow,
  ctx: MoveContext,
  releasedKobo: number = order.totalKobo,
): Promise<ReleasedMoney> {
  const { now } = ctx;
  const sellerId = order.sellerId;
  const settlementCode = generateSettlementCode();
  await updateOrder(tx, order.id, {
    status: 'DELIVERED',
    deliveredAt: now,
    updatedAt: now,
    settlementCode,
    completionLookup: null,
    completionSealed: null,
  });
  // The store gets what is left after Paystack's fees and the commission (fee-rules.ts).
  const split = releaseSplit({
    totalKobo: order.totalKobo,
    releasedKobo,
    chargeFeeKobo: order.chargeFeeKobo,
    feePercent: ctx.config.payments.platformFeePercent,
  });
  const fee = split.platformKobo;
  const released = split.toStoreKobo;
  await postJournal(
    tx,
    'release',
    [
      { account: storeAccount(sellerId, 'held'), amountKobo: releasedKobo, sellerId },
      ...(released > 0 ? [{ account: storeAccount(sellerId, 'available'), amountKobo: -released, sellerId }] : []),
      ...(fee > 0 ? [{ account: 'platform:fees' as const, amountKobo: -fee }] : []),
    ],
    { orderId: order.id },
    now,
  );
  const owner = await storeOwner(tx, sellerId);
  if (owner)
    await queueEmail(tx, `completed:${order.id}`, orderCompletedEmail(ctx.config, owner.email, order.orderCode, released, fee), now);
  const buyer = await buyerEmail(tx, order.buyerId);
  await recordOrderStatusEvents(tx, order, owner?.userId ?? null, 'DELIVERED', now);
  if (buyer)
    await queueEmail(
      tx,
      `status:${order.id}:DELIVERED`,
      orderStatusEmail(ctx.config, buyer, order.orderCode, owner?.catalogueName ?? 'The store', 'DELIVERED'),
      now,
    );
  return {
    releasedKobo,
    paidOutKobo: released,
    feeKobo: fee,
    chargeShareKobo: split.chargeShareKobo,
    commissionKobo: split.commissionKobo,
  };
}
