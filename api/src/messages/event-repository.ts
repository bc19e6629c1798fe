/**
 * The events a signed-in browser's stream sends, recorded in the database in
 * the transaction that causes them. Ids count per recipient: the recipient's
 * cursor row is locked until the transaction commits, so a user's events
 * become visible in id order and a stream resuming after id N never skips
 * one committed late. Cursors are locked in user-id order (no deadlock between
 * two transactions recording for the same two users).
 *
 * The wake-up leaves through wakeup-repository.ts (NOTIFY in the transaction, or Redis
 * after its commit). It carries only the user id; streams read the events
 * themselves (event-hub.ts).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { StreamEventType } from '@campus/shared/schemas';
import { resultRows, type DbOrTx, type Tx } from '../db/client';
import { eventCursors, events, type EventRow } from '../db/schema';
import { EVENTS_CHANNEL, publishAfterThisCommit, userWakeup } from './wakeup-repository';

export interface NewEvent {
  userId: string;
  type: StreamEventType;
  data: Record<string, unknown>;
}

/** Records the events and wakes their recipients' streams once the transaction commits. */
export async function recordEvents(tx: Tx, list: readonly NewEvent[], now: Date): Promise<string[]> {
  const byUser = new Map<string, NewEvent[]>();
  for (const event of list) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event]);
  const userIds = [...byUser.keys()].sort();
  if (userIds.length === 0) return [];
  // Without Redis, the same statement NOTIFYs each recipient (PostgreSQL delivers it on commit, never on
  // rollback; a user's wake-up is their id, userWakeup).
  const notifyHere = !publishAfterThisCommit(tx, userIds.map(userWakeup));
  // One statement for every recipient's cursor: its rows are inserted, so locked, in user-id order.
  const upsert = tx
    .insert(eventCursors)
    .values(userIds.map((userId) => ({ userId, lastId: byUser.get(userId)?.length ?? 0 })))
    .onConflictDoUpdate({ target: eventCursors.userId, set: { lastId: sql`${eventCursors.lastId} + excluded.last_id` } });
  const cursors = notifyHere
    ? await upsert.returning({
        userId: eventCursors.userId,
        lastId: eventCursors.lastId,
        notified: sql<string>`pg_notify(${EVENTS_CHANNEL}, ${eventCursors.userId})::text`,
      })
    : await upsert.returning({ userId: eventCursors.userId, lastId: eventCursors.lastId });
  const lastIdOf = new Map(cursors.map((c) => [c.userId, c.lastId]));
  const rows = userIds.flatMap((userId) => {
    const mine = byUser.get(userId) ?? [];
    const first = (lastIdOf.get(userId) ?? mine.length) - mine.length + 1;
    return mine.map((e, i) => ({ userId, id: first + i, type: e.type, data: e.data, createdAt: now }));
  });
  await tx.insert(events).values(rows);
  return userIds;
}

interface EventsAfterRow {
  req: number;
  user_id: string;
  id: string | number;
  type: string;
  data: unknown;
  created_at: Date | string;
}

/**
 * Each stream's events after its own id, oldest first, at most `limit` per stream, in one statement
 * for every stream woken at once (event-hub.ts batches them). Answers one list per request, in order.
 */
export async function eventsAfterEach(
  db: DbOrTx,
  requests: ReadonlyArray<{ userId: string; afterId: number }>,
  limit = 500,
): Promise<EventRow[][]> {
  if (requests.length === 0) return [];
  const result = await db.execute(sql`
    SELECT w.req, e.user_id, e.id, e.type, e.data, e.created_at
    FROM unnest(
      ARRAY[${sql.join(
        requests.map((_, i) => sql`${i}`),
        sql`, `,
      )}]::int[],
      ARRAY[${sql.join(
        requests.map((r) => sql`${r.userId}`),
        sql`, `,
      )}]::text[],
      ARRAY[${sql.join(
        requests.map((r) => sql`${r.afterId}`),
        sql`, `,
      )}]::bigint[]
    ) AS w(req, user_id, after_id)
    CROSS JOIN LATERAL (
      SELECT * FROM ${events} ev WHERE ev.user_id = w.user_id AND ev.id > w.after_id ORDER BY ev.id LIMIT ${limit}
    ) e
    ORDER BY w.req, e.id`);
  const lists: EventRow[][] = requests.map(() => []);
  for (const row of resultRows<EventsAfterRow>(result)) {
    lists[row.req]?.push({
      userId: row.user_id,
      id: Number(row.id),
      type: row.type,
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    });
  }
  return lists;
}

/** The user's latest event id (0: none yet): a new stream without Last-Event-ID starts after it. */
export async function lastEventId(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ lastId: eventCursors.lastId }).from(eventCursors).where(eq(eventCursors.userId, userId)).limit(1);
  return row?.lastId ?? 0;
}

/** Events older than `before` are not replayed any more (housekeeping). */
export async function pruneEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(events).where(lt(events.createdAt, before));
}

export interface OrderStatusChange {
  order: { id: string; orderCode: string; buyerId: string };
  storeOwnerId: string | null;
  status: string;
}

/**
 * Orders' new statuses, to their buyers' and store owners' streams (cart
 * badge, order lists, seller dashboard), in the transaction that moved them.
 * Several orders at once (one checkout's orders) in one call: every cursor is
 * then locked in user-id order.
 */
export async function recordOrderStatusChanges(tx: Tx, changes: readonly OrderStatusChange[], now: Date): Promise<void> {
  const list: NewEvent[] = [];
  for (const { order, storeOwnerId, status } of changes) {
    const data = { orderId: order.id, orderCode: order.orderCode, status };
    list.push({ userId: order.buyerId, type: 'order-status', data: { ...data, role: 'buyer' } });
    if (storeOwnerId) list.push({ userId: storeOwnerId, type: 'order-status', data: { ...data, role: 'seller' } });
  }
  if (list.length > 0) await recordEvents(tx, list, now);
}

/** One order's new status (recordOrderStatusChanges). */
export async function recordOrderStatusEvents(
  tx: Tx,
  order: { id: string; orderCode: string; buyerId: string },
  storeOwnerId: string | null,
  status: string,
  now: Date,
): Promise<void> {
  await recordOrderStatusChanges(tx, [{ order, storeOwnerId, status }], now);
}
