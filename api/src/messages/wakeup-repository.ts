/**
 * The one way a change wakes the event streams of every API instance. A
 * wake-up is a user id (read your events: event-hub.ts) or `session:<user
 * id>` (one of your sessions ended: close the streams it opened).
 *
 * - `wakeInTransaction(tx, …)`, for the transaction that records events
 *   (messages, read marks, order status changes from the money domain): with
 *   REDIS_URL the wake-ups are published on Redis after the commit; without,
 *   `pg_notify` inside the transaction (PostgreSQL delivers it on commit and
 *   never for a rollback).
 * - The hub's `publish(…)`, for a change already committed (a session ended):
 *   Redis, or `pg_notify`.
 * Every instance LISTENs either way (a process without Redis, such as the
 * disputes CLI, still wakes them).
 */
import { sql } from 'drizzle-orm';
import { afterCommit, handleOfTransaction, trackCommits } from '../db/after-commit';
import type { Db, DbOrTx, Tx } from '../db/client';

export const EVENTS_CHANNEL = 'campus_events';

/** Wakes the streams of a user: they read their events after the last one they sent. */
export const userWakeup = (userId: string): string => userId;
/** Tells every instance that a session of this user ended: its streams close. */
export const sessionWakeup = (userId: string): string => `session:${userId}`;

export function parseWakeup(payload: string): { kind: 'user' | 'session'; userId: string } {
  return payload.startsWith('session:') ? { kind: 'session', userId: payload.slice(8) } : { kind: 'user', userId: payload };
}

/** Publishes after commit; never rejects (it logs a failure itself). */
type Publisher = (wakeups: readonly string[]) => Promise<void>;
const publishers = new WeakMap<Db, Publisher>();

/** From now on, transactions of `db` hand their wake-ups to `publish` after commit (REDIS_URL). */
export function publishAfterCommit(db: Db, publish: Publisher): void {
  trackCommits(db);
  publishers.set(db, publish);
}

export function stopPublishingAfterCommit(db: Db): void {
  publishers.delete(db);
}

export async function notifyWakeups(db: DbOrTx, wakeups: readonly string[]): Promise<void> {
  if (wakeups.length === 0) return;
  await db.execute(
    sql`select ${sql.join(
      wakeups.map((wakeup) => sql`pg_notify(${EVENTS_CHANNEL}, ${wakeup})`),
      sql`, `,
    )}`,
  );
}

export async function wakeInTransaction(tx: Tx, wakeups: readonly string[]): Promise<void> {
  if (wakeups.length === 0) return;
  const handle = handleOfTransaction(tx);
  const publish = handle ? publishers.get(handle) : undefined;
  if (publish && afterCommit(tx, () => void publish(wakeups))) return;
  await notifyWakeups(tx, wakeups);
}
