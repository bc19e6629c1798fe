/**
 * Paystack's webhook events as recorded (webhook-processor.ts): one row per
 * exact event, so a redelivery is the same row, processed after the answer
 * and again after a crash until it is marked processed.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paystackEvents } from '../../db/schema';

/** Records a verified webhook; false when this exact event was received before. */
export async function recordPaystackEvent(
  db: DbOrTx,
  id: string,
  event: string,
  reference: string | null,
  payload: unknown,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(paystackEvents)
    .values({ id, event, reference, payload, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paystackEvents.id });
  return inserted.length > 0;
}

export async function unprocessedEvents(db: DbOrTx, limit: number) {
  // Events that failed before go after the new ones, so a few stuck events never hold up the rest.
  return db
    .select()
    .from(paystackEvents)
    .where(isNull(paystackEvents.processedAt))
    .orderBy(sql`${paystackEvents.error} IS NOT NULL`, asc(paystackEvents.receivedAt))
    .limit(limit);
}

export async function markEventProcessed(db: DbOrTx, id: string, now: Date, error: string | null): Promise<void> {
  await db
    .update(paystackEvents)
    .set(error === null ? { processedAt: now, error: null } : { error: error.slice(0, 500) })
    .where(eq(paystackEvents.id, id));
}
