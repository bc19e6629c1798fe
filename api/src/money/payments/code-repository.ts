/**
 * Picking a completion code: one no open order of the store has, so that the
 * lookup a seller's code is matched by (an HMAC of store and code) names one
 * order. Used when an order is created (payments fulfilment) and when a
 * code is replaced after too many wrong tries (completion).
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { completionLookup, generateCompletionCode } from './codes';

export async function unusedCompletionCode(tx: Tx, secret: string, sellerId: string): Promise<string> {
  for (;;) {
    const code = generateCompletionCode();
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), eq(orders.completionLookup, completionLookup(secret, sellerId, code))))
      .limit(1);
    if (!taken) return code;
  }
}
