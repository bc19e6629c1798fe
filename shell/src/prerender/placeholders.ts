/**
 * What the build-time HTML and the browser agree on (src/prerender,
 * bootstrap.tsx and scripts/serve-static.mjs use the same strings).
 */

/** Stand-ins for runtime-configuration text in prerendered HTML; the static server replaces them at start. */
export const RUNTIME_PLACEHOLDERS = {
  universityName: '%%UNIVERSITY_NAME%%',
  universityEmailDomain: '%%UNIVERSITY_EMAIL_DOMAIN%%',
} as const;

/** The digest of a Suspense boundary the build left to the browser on purpose (a remote's route). */
export const CLIENT_ONLY_DIGEST = 'campus:client-only';

/** The chunk groups every page needs at start: index.ts's import()s (named there). */
export const START_CHUNK_GROUPS = ['runtime-config', 'design-system', 'react-dom', 'bootstrap'] as const;

/** What a remote's route needs from the shell besides the start: the page's query client (RemoteRoute). */
export const REMOTE_ROUTE_CHUNK_GROUPS = ['query-client'] as const;
