/**
 * A remote is mounted only when this page can serve the runtime it was built for.
 *
 * Every remote's mf-manifest.json says, in `metaData.campus.runtime`, the range of the page-wide
 * runtime of `@campus/shared` it needs (the strict singletons: runtime config, API client, event
 * bus, session store, query client, design system; `^1.0.0` for a build made against runtime 1.0.x).
 * The shell reads that while Module Federation fetches the manifest, before any of the remote's code
 * is loaded, and refuses a remote it cannot serve: the route shows its fallback with Retry, the
 * console says why, and the rest of the site keeps working. The contract, UI and helpers are
 * not checked here: a remote that needs newer ones than the page has brings its own
 * (tooling/webpack/create-config.cjs).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What a remote's build declares (tooling/webpack/create-config.cjs writes it into the manifest). */
export interface RuntimeDeclaration {
  runtime: string;
  runtimeVersion?: string;
  contractVersion?: string;
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const CARET = /^\^(\d+)\.(\d+)\.(\d+)$/;

/** Whether `version` (x.y.z) satisfies a caret range `^a.b.c` (same major, not older; 0.x pins the minor). */
export function satisfiesCaret(version: string, range: string): boolean {
  const v = VERSION.exec(version);
  const r = CARET.exec(range);
  if (!v || !r) return false;
  const [vMajor, vMinor, vPatch] = v.slice(1).map(Number) as [number, number, number];
  const [rMajor, rMinor, rPatch] = r.slice(1).map(Number) as [number, number, number];
  if (vMajor !== rMajor) return false;
  if (rMajor === 0 && vMinor !== rMinor) return false;
  if (vMinor !== rMinor) return vMinor > rMinor;
  return vPatch >= rPatch;
}

function declarationOf(manifest: unknown): RuntimeDeclaration | null {
  const campus = (manifest as { metaData?: { campus?: unknown } } | null)?.metaData?.campus;
  if (typeof campus !== 'object' || campus === null) return null;
  const runtime = (campus as { runtime?: unknown }).runtime;
  return typeof runtime === 'string' ? (campus as RuntimeDeclaration) : null;
}

/**
 * Why `remote` cannot be mounted on a page whose runtime is `pageRuntime`, or null when it can.
 * @param manifest the remote's mf-manifest.json
 */
export function runtimeRefusal(remote: string, manifest: unknown, pageRuntime: string): string | null {
  const declared = declarationOf(manifest);
  if (!declared)
    return `Remote "${remote}" was not mounted: its manifest declares no runtime version (metaData.campus.runtime); rebuild it`;
  if (satisfiesCaret(pageRuntime, declared.runtime)) return null;
  return (
    `Remote "${remote}" was not mounted: it was built for the page runtime ${declared.runtime} ` +
    `and this page provides ${pageRuntime}. Release a build of it made for runtime ${pageRuntime.split('.')[0]}.x, or roll it back`
  );
}

export class RemoteRefusedError extends Error {
  override name = 'RemoteRefusedError';
}

/** Federation manifests, by name: the fetch hook sees other requests too. */
const MANIFEST = /mf-manifest\.json(\?.*)?$/;

/**
 * A Module Federation runtime plugin: fetches each remote's manifest itself (the one request
 * federation would make), refuses the remote when its runtime does not fit, and hands federation
 * the manifest otherwise. A refusal is not cached: Retry asks again (after a rollback, say).
 */
export function runtimeCompatibilityPlugin(
  pageRuntime: string,
  log: (message: string) => void = (message) => console.error(message),
): ModuleFederationRuntimePlugin {
  return {
    name: 'campus-runtime-compatibility',
    fetch(url, init, remoteInfo) {
      if (!MANIFEST.test(url)) return undefined;
      return checkedManifest(url, init, remoteInfo?.name ?? url, pageRuntime, log);
    },
  };
}

async function checkedManifest(url: string, init: RequestInit, remote: string, pageRuntime: string, log: (message: string) => void) {
  const response = await fetch(url, init);
  if (!response.ok) return response;
  const refusal = runtimeRefusal(remote, await response.clone().json(), pageRuntime);
  if (refusal) {
    log(refusal);
    throw new RemoteRefusedError(refusal);
  }
  return response;
}
