/**
 * When this page read its runtime configuration, and which remotes it took from a preview override
 * (those never follow a release). Written once by src/index.ts, read by release-pickup.ts; no imports,
 * so the entry can load it before federation has settled the shared modules.
 */
export const pageConfigState = {
  /** performance.now() when the configuration was read. */
  readAt: 0,
  overridden: new Set<string>(),
};
