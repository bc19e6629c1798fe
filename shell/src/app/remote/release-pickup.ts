/**
 * A page open for a while picks up a remote's new release (or its rollback) before it first mounts
 * that remote: the runtime configuration is read again (served no-cache) and, when the remote's
 * manifest URL moved, the remote is registered at the new one. A freshly loaded page has the
 * configuration inlined and asks nothing. A remote already running in the page keeps its version
 * until the page is reloaded: two builds of one remote never run side by side in a page.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, setRuntimeConfig, type RemoteName } from '@campus/shared/runtime-config';
import { pageConfigState } from './page-config-state';

/** How long the configuration inlined into the page counts as current, unless the configuration says (releasePickupAfterMs). */
export const CONFIG_FRESH_MS = 10_000;

const mounted = new Set<string>();

/** Remembers that `remote`'s code now runs in this page (it keeps that version until a reload). */
export function markMounted(remote: RemoteName): void {
  mounted.add(remote);
}

interface PickupDeps {
  now: () => number;
  fetchConfig: () => Promise<unknown>;
  register: (remote: RemoteName, entry: string) => void;
}

const browserDeps: PickupDeps = {
  now: () => performance.now(),
  fetchConfig: () => fetch('/runtime-config.json', { cache: 'no-cache' }).then((res) => (res.ok ? res.json() : null)),
  register: (name, entry) => registerRemotes([{ name, entry }], { force: true }),
};

/** Before `remote` is first loaded: moves it to its current release if the page's configuration is old. Never throws. */
export async function pickUpRelease(remote: RemoteName, deps: PickupDeps = browserDeps): Promise<void> {
  if (mounted.has(remote) || pageConfigState.overridden.has(remote)) return;
  if (deps.now() - pageConfigState.readAt < (getRuntimeConfig().releasePickupAfterMs ?? CONFIG_FRESH_MS)) return;
  try {
    const fresh = (await deps.fetchConfig()) as { remotes?: Partial<Record<RemoteName, string>> } | null;
    const entry = fresh?.remotes?.[remote];
    pageConfigState.readAt = deps.now();
    const config = getRuntimeConfig();
    if (!entry || entry === config.remotes[remote]) return;
    deps.register(remote, entry);
    setRuntimeConfig({ ...config, remotes: { ...config.remotes, [remote]: entry } });
  } catch {
    // The configuration the page has still works: the release arrives with the next page load.
  }
}
