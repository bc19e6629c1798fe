/**
 * The one way a change wakes the event streams of every API instance. A
 * wake-up is a user id (read your events: event-hub.ts) or `session:<user
 * id>` (one of your sessions ended: close the streams it opened).
 *
 * - `publishAfterThisCommit(tx, …)`, for the transaction that records events
 *   (messages, read marks, order status changes from the money domain): with
 *   REDIS_URL the wake-ups are published on Redis after the commit; without,
 *   the caller selects `pg_notify` inside the transaction (PostgreSQL delivers
 *   it on commit and never for a rollback).
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

/**
 * With REDIS_URL, queues the wake-ups for publishing after the commit and answers true; otherwise
 * answers false: the caller NOTIFYs inside the transaction (notifyWakeups, or a statement of its own
 * that selects `pg_notify` for each recipient, one round trip fewer).
 */
export function publishAfterThisCommit(tx: Tx, wakeups: readonly string[]): boolean {
  if (wakeups.length === 0) return true;
  const handle = handleOfTransaction(tx);
  const publish = handle ? publishers.get(handle) : undefined;
  return publish !== undefined && afterCommit(tx, () => void publish(wakeups));
}
