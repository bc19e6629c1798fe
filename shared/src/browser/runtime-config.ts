/**
 * Runtime configuration, read from JSON served beside the shell (or beside a
 * remote started alone), so nothing environment-specific is baked into bundles.
 * Because `@campus/shared` is a federation singleton, the value the shell sets
 * is the value every remote reads.
 */
import { DEFAULT_UNIVERSITY_DOMAIN, DEFAULT_UNIVERSITY_NAME, exampleUniversityEmail } from '../email';

import { REMOTE_NAMES, type RemoteName } from '../federation';

export { REMOTE_NAMES, type RemoteName };

/**
 * Zod compiles object parsers with `new Function` where it may, and probes for that with an eval
 * that the pages' Content-Security-Policy blocks (and reports). Every app reads this module before
 * it parses anything, so zod (every copy: the setting lives on globalThis) is told not to try.
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

export interface SearchHost {
  url: string;
  protocol: 'http' | 'https';
}

export interface RuntimeConfig {
  /** Origin of the API, without /api/v1, e.g. "http://localhost:4000". */
  apiBaseUrl: string;
  /** Manifest URL of each remote, e.g. "http://localhost:3001/mf-manifest.json". */
  remotes: Record<RemoteName, string>;
  search: {
    appId: string;
    /** A search-only key: safe in the browser. */
    apiKey: string;
    indexName: string;
    /** Set when the API's built-in Algolia-compatible search serves the index. */
    hosts?: SearchHost[];
  };
  university: { name: string; emailDomain: string };
  /**
   * Origins a remote's preview build may be loaded from for one browser session
   * (`?remoteOverride=remoteCart=<manifest URL>`, browser/remote-overrides.ts). Empty or absent: none.
   */
  remoteOverrideOrigins?: string[];
  /**
   * How long, in ms, the configuration inlined into a page counts as current before the shell reads
   * it again to pick up a remote's release (shell/src/app/remote/release-pickup.ts). Absent: 10 s.
   * RELEASE_PICKUP_AFTER_MS sets it (the release journey uses 1 s instead of waiting 10).
   */
  releasePickupAfterMs?: number;
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded yet');
  return current;
}

export function hasRuntimeConfig(): boolean {
  return current !== null;
}

export interface University {
  name: string;
  emailDomain: string;
  /** For the e-mail messages and placeholders, e.g. "student@campus.edu.ng". */
  exampleEmail: string;
}

/** The configured university; the API's defaults only before the configuration has loaded (bare tests, dev pages). */
export function getUniversity(): University {
  const configured = current?.university;
  const name = configured?.name || DEFAULT_UNIVERSITY_NAME;
  const emailDomain = configured?.emailDomain || DEFAULT_UNIVERSITY_DOMAIN;
  return { name, emailDomain, exampleEmail: exampleUniversityEmail(emailDomain) };
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RuntimeConfig>;
  return (
    typeof v.apiBaseUrl === 'string' &&
    typeof v.remotes === 'object' &&
    v.remotes !== null &&
    REMOTE_NAMES.every((n) => typeof (v.remotes as Record<string, unknown>)[n] === 'string') &&
    typeof v.search === 'object' &&
    typeof v.university === 'object'
  );
}

/** The id of the JSON script the static server puts into each page (page-server/). */
export const INLINE_RUNTIME_CONFIG_ID = 'runtime-config';

/** The configuration inlined into the page at run time, when the page came from our static server. */
function inlinedRuntimeConfig(): unknown {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(INLINE_RUNTIME_CONFIG_ID)?.textContent;
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Checks and installs the configuration: the one inlined into the page (no
 * request), otherwise fetched from `url` (the dev server, a page served elsewhere).
 */
export async function loadRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  let json = inlinedRuntimeConfig();
  const source = json === undefined ? url : 'the runtime configuration in the page';
  if (json === undefined) {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
    json = await response.json();
  }
  if (!isRuntimeConfig(json)) throw new Error(`${source} is not a valid runtime configuration`);
  setRuntimeConfig(json);
  return json;
}
