/**
 * Work that must happen only once a transaction has committed (a wake-up
 * published on Redis must not run before the rows it announces are visible,
 * nor for a transaction that rolls back). `trackCommits(db)` wraps the
 * handle's `transaction` once; inside such a transaction `afterCommit(tx, …)`
 * queues a hook that runs after the commit. A transaction of an untracked
 * handle, or a nested one (a savepoint), answers false: the caller does its
 * work inside the transaction instead.
 */
import type { Db, Tx } from './client';

const hooksOf = new WeakMap<object, Array<() => void>>();
const handleOf = new WeakMap<object, Db>();
const tracked = new WeakSet<object>();

export function trackCommits(db: Db): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const original = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (run, config) => {
    const hooks: Array<() => void> = [];
    const result = await original(async (tx) => {
      hooksOf.set(tx, hooks);
      handleOf.set(tx, db);
      return run(tx);
    }, config);
    for (const hook of hooks) hook();
    return result;
  };
  Object.defineProperty(db, 'transaction', { value: wrapped, configurable: true, writable: true });
}

/** Queues `hook` for after the commit; false when this transaction is not tracked (nothing queued). */
export function afterCommit(tx: Tx, hook: () => void): boolean {
  const hooks = hooksOf.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** The tracked handle this transaction belongs to (null: untracked or nested). */
export function handleOfTransaction(tx: Tx): Db | null {
  return handleOf.get(tx) ?? null;
}
