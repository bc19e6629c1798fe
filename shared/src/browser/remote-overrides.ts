/**
 * One remote swapped for its preview build, for the current browser session only: a remote
 * team (or QA) opens the real site with their remote's next release in place of the
 * deployed one. Asked for with `?remoteOverride=remoteCart=https://preview.example/mf-manifest.json`
 * (several: repeat the parameter), kept in sessionStorage until cleared or the tab closes.
 *
 * Honoured only for manifest URLs whose origin the runtime configuration allow-lists
 * (`remoteOverrideOrigins`, empty by default): a link someone sends a student can never make
 * their browser run code from anywhere else. What is refused is said in the console.
 */
import { REMOTE_NAMES, type RemoteName } from '../federation';

export const REMOTE_OVERRIDE_PARAM = 'remoteOverride';
export const REMOTE_OVERRIDES_STORAGE_KEY = 'campus:remote-overrides';

export type RemoteOverrides = Partial<Record<RemoteName, string>>;

export interface OverrideStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/** `remoteCart=https://…/mf-manifest.json` -> ['remoteCart', url], or a reason it is refused. */
function parseOverride(raw: string, allowedOrigins: readonly string[]): [RemoteName, string] | string {
  const at = raw.indexOf('=');
  const name = at > 0 ? raw.slice(0, at) : '';
  if (!isRemoteName(name)) return `"${raw}" names no remote (${REMOTE_NAMES.join(', ')})`;
  let url: URL;
  try {
    url = new URL(raw.slice(at + 1));
  } catch {
    return `${name}: "${raw.slice(at + 1)}" is not a URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${name}: ${url.protocol} is not http(s)`;
  if (!allowedOrigins.includes(url.origin)) return `${name}: ${url.origin} is not an allowed preview origin`;
  return [name, url.toString()];
}

function readStored(store: OverrideStore): RemoteOverrides {
  try {
    const parsed = JSON.parse(store.getItem(REMOTE_OVERRIDES_STORAGE_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as RemoteOverrides) : {};
  } catch {
    return {};
  }
}

/**
 * The overrides in force: those asked for in the URL (kept for the session) and those kept
 * from earlier in the session, each checked against the allow-list again (the list may have
 * changed since). Answers them and what was refused, and why.
 */
export function resolveRemoteOverrides(
  search: string,
  store: OverrideStore,
  allowedOrigins: readonly string[],
): { overrides: RemoteOverrides; refused: string[] } {
  const asked = new URLSearchParams(search).getAll(REMOTE_OVERRIDE_PARAM);
  const refused: string[] = [];
  const overrides: RemoteOverrides = {};
  const candidates = [
    ...Object.entries(readStored(store)).map(([name, url]) => `${name}=${String(url)}`),
    // Asked in the URL: wins over a kept one of the same remote.
    ...asked,
  ];
  for (const raw of candidates) {
    const parsed = parseOverride(raw, allowedOrigins);
    if (typeof parsed === 'string') refused.push(parsed);
    else overrides[parsed[0]] = parsed[1];
  }
  if (Object.keys(overrides).length > 0) store.setItem(REMOTE_OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
  else store.removeItem(REMOTE_OVERRIDES_STORAGE_KEY);
  return { overrides, refused };
}

/** The overrides kept for this session (what the banner shows). */
export function keptRemoteOverrides(store: OverrideStore): RemoteOverrides {
  return readStored(store);
}

/** Back to the deployed remotes (the banner's Clear): takes effect on the next page load. */
export function clearRemoteOverrides(store: OverrideStore): void {
  store.removeItem(REMOTE_OVERRIDES_STORAGE_KEY);
}
