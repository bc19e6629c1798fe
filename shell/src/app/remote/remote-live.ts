/**
 * Which remotes are live in this page: their app has been committed and its effects have run
 * (so its listeners on the event bus are in place). A shell control whose answer lives in a
 * remote (the seller chrome's Accept Order, answered by remote-seller's dialog) is drawn busy
 * and disabled until then: a click before it would announce a request nobody hears.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RemoteName } from '@campus/shared/runtime-config';

const live = new Map<RemoteName, number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(remote: RemoteName, by: 1 | -1): void {
  live.set(remote, (live.get(remote) ?? 0) + by);
  listeners.forEach((listener) => listener());
}

/** Whether `remote`'s app is mounted and listening (false on the server and before the remote arrives). */
export function useRemoteLive(remote: RemoteName): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (live.get(remote) ?? 0) > 0,
    () => false,
  );
}

/**
 * Rendered after the remote's app, inside the same Suspense boundary: its effect runs once the
 * app's own effects have run (React runs a boundary's effects in tree order), and ends with it.
 */
export function RemoteLive({ remote }: { remote: RemoteName }) {
  useEffect(() => {
    change(remote, 1);
    return () => change(remote, -1);
  }, [remote]);
  return null;
}
