/**
 * The security headers of every answer (docs/api.md, "Security"): a page gets a strict
 * Content-Security-Policy whose origins all come from the runtime configuration (the remotes'
 * manifests, the API, the search hosts), so a remote added to the product is allowed without an
 * edit here; every answer gets nosniff, a referrer policy and, over HTTPS, HSTS.
 *
 * Inline scripts are allowed by their SHA-256 hashes, not by a nonce: a page is built once,
 * compressed once and revalidated by its ETag (html-page.mjs), and a hash stays true for the
 * cached bytes, where a nonce would have to be written into each response (a brotli pass per
 * request) or baked into the cache (the same for everybody: no nonce at all). The hashes are the
 * page's own scripts (the start-up script of a prerendered page, a signed-in slot's guard);
 * the JSON data blocks (runtime configuration, prerendered queries) never run, so they need none.
 * Styles: Chakra's Emotion inserts <style> elements while the app runs, and the prerendered
 * screens carry theirs inline, so style-src allows 'unsafe-inline' (styles only: they cannot run
 * code, and a nonce in style-src would turn 'unsafe-inline' off for them).
 */
import { createHash } from 'node:crypto';

/** The API's route for violation reports (api/src/platform/csp-reports.ts). */
export const CSP_REPORT_PATH = '/api/v1/csp-reports';
/** Algolia's hosts, when the search is Algolia's own service (no `hosts` in the configuration). */
export const ALGOLIA_HOSTS = ['https://*.algolia.net', 'https://*.algolianet.com'];

export const HSTS = 'max-age=31536000; includeSubDomains';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
/** Whatever is not a page (a file, a 404, JSON) runs nothing and is framed by nobody. */
export const LOCKED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** An executable inline script: <script> without src whose type (if any) is JavaScript. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP sources ('sha256-…') of the page's inline scripts, in order, without repeats.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? '';
    if (!JS_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** @param {string | undefined} url */
function originOf(url) {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @typedef {{ apiBaseUrl?: string, remotes?: Record<string, string>, remoteOverrideOrigins?: string[],
 *   search?: { hosts?: { url: string, protocol?: string }[] } }} RuntimeConfigOrigins the parts of the runtime configuration that name origins
 */

/**
 * The origins a page talks to, from the runtime configuration.
 * @param {RuntimeConfigOrigins} config
 */
export function configOrigins(config) {
  const remotes = [
    ...new Set(
      // A remote's preview build comes from an allow-listed origin (shared/src/browser/remote-overrides.ts): its code is a remote's.
      [...Object.values(config.remotes ?? {}), ...(config.remoteOverrideOrigins ?? [])].map(originOf).filter((o) => o !== undefined),
    ),
  ];
  const api = originOf(config.apiBaseUrl);
  const hosts = config.search?.hosts;
  const search =
    hosts && hosts.length > 0
      ? [...new Set(hosts.map((h) => originOf(`${h.protocol ?? 'https'}://${h.url}`)).filter((o) => o !== undefined))]
      : ALGOLIA_HOSTS;
  return { remotes, api, search };
}

/**
 * A page's Content-Security-Policy.
 * @param {RuntimeConfigOrigins} config
 * @param {string[]} scriptHashes the page's inline scripts (inlineScriptHashes)
 */
export function pagePolicy(config, scriptHashes) {
  const { remotes, api, search } = configOrigins(config);
  const own = ["'self'", ...remotes];
  /** @type {[string, string[]][]} */
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', [...own, ...scriptHashes]],
    // Emotion's <style> elements at run time (see above).
    ['style-src', [...own, "'unsafe-inline'"]],
    // Product and store photos come from the API (/uploads).
    ['img-src', [...own, ...(api ? [api] : []), 'data:', 'blob:']],
    ['font-src', [...own, 'data:']],
    // The remotes' manifests are fetched; the API and the search hosts are called.
    ['connect-src', [...new Set([...own, ...(api ? [api] : []), ...search])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    // Forms are sent by the app; a form posted before it runs stays on this origin. The checkout leaves
    // for Paystack by a top-level navigation (location.assign), which form-action does not govern.
    ['form-action', ["'self'"]],
  ];
  // report-uri, not report-to: the Reporting API batches reports (up to a minute) behind a CORS preflight,
  // and a browser given both ignores report-uri; report-uri is sent at once and every browser has it.
  if (api) directives.push(['report-uri', [`${api}${CSP_REPORT_PATH}`]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * TRUST_PROXY (as the API reads it): when set, X-Forwarded-Proto from the proxy says whether the
 * browser came over HTTPS. Unset (the default), it is ignored and HSTS is sent only on a TLS socket.
 * @param {NodeJS.ProcessEnv} env
 */
export function trustsProxy(env) {
  const value = env.TRUST_PROXY?.trim().toLowerCase();
  return Boolean(value) && !['false', 'off', 'no', '0'].includes(/** @type {string} */ (value));
}

/**
 * Whether the browser reached us over HTTPS.
 * @param {import('node:http').IncomingMessage} req
 * @param {boolean} trustProxy
 */
export function servedOverHttps(req, trustProxy) {
  if (/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  return (
    String(Array.isArray(proto) ? proto[0] : (proto ?? ''))
      .split(',')[0]
      ?.trim()
      .toLowerCase() === 'https'
  );
}

/**
 * The headers for this server's answers.
 * @param {RuntimeConfigOrigins} config
 * @param {NodeJS.ProcessEnv} env
 */
export function securityHeaders(config, env) {
  const trustProxy = trustsProxy(env);
  return {
    /**
     * Every answer: nosniff, the referrer policy, HSTS over HTTPS, and the locked policy for
     * what is not a page (a page's own replaces it).
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     */
    common(req, res) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      res.setHeader('Content-Security-Policy', LOCKED_CSP);
      res.setHeader('X-Frame-Options', 'DENY');
      if (servedOverHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
    },
    /**
     * A page's headers.
     * @param {string[]} scriptHashes
     * @returns {Record<string, string>}
     */
    page(scriptHashes) {
      return {
        'Content-Security-Policy': pagePolicy(config, scriptHashes),
        'X-Frame-Options': 'DENY',
        'Permissions-Policy': PERMISSIONS_POLICY,
      };
    },
  };
}
