/**
 * One Module Federation runtime core per page, the shell's.
 *
 * A remote's build takes the runtime core from the page (`experiments.externalRuntime`:
 * the global `_FEDERATION_RUNTIME_CORE`), so its remoteEntry.js does not carry a second
 * copy (create-config.cjs). Evaluating this module puts the core on the page:
 * - in the shell, as a federation runtime plugin: it is evaluated with the shell's own
 *   federation runtime, before any remote's entry loads, and imports the same core the
 *   shell runs on (the stock inject-external-runtime-core-plugin imports another build
 *   of it: 24 KB gzip more in the shell's entry);
 * - on a remote's own page (the remote started alone, no shell), as a plain script built
 *   without federation and loaded before the remote's entry.
 */
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;

/** The runtime plugin's factory: the plugin itself does nothing; importing this module is the point. */
export default function provideFederationRuntimeCore() {
  return { name: 'campus-provide-federation-runtime-core' };
}
