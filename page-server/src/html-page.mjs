/**
 * One HTML page as served: the runtime configuration inlined, the prerender's placeholders
 * filled in, compressed once and sent by Accept-Encoding, revalidated by its ETag.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { escapeHtml } from '../../tooling/html.cjs';
import { REVALIDATE } from './caching.mjs';
import { withRuntimeConfig } from './runtime-config.mjs';
import { inlineScriptHashes } from './security-headers.mjs';

/** @typedef {{ raw: Buffer, gzip: Buffer, br: Buffer, etag: string, scriptHashes: string[] }} HtmlPage scriptHashes: its inline scripts, for its CSP */

/**
 * @param {string} html the template, or a prerendered page with its slot filled
 * @param {string} configBody the runtime configuration's JSON
 * @param {[placeholder: string, value: string][]} placeholderValues runtime text the prerender left as placeholders
 * @param {string} [extraHead] more for <head> (a preload)
 * @param {{ quick?: boolean }} [options] quick: a page built for one request's screen is compressed while the student waits
 * @returns {HtmlPage}
 */
export function htmlPage(html, configBody, placeholderValues, extraHead = '', { quick = false } = {}) {
  let body = withRuntimeConfig(html, configBody, extraHead);
  for (const [placeholder, value] of placeholderValues) body = body.split(placeholder).join(escapeHtml(value));
  const raw = Buffer.from(body);
  return {
    raw,
    gzip: gzipSync(raw, { level: quick ? 6 : 9 }),
    br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quick ? 5 : 11 } }),
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    scriptHashes: inlineScriptHashes(body),
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {HtmlPage} page
 * @param {Record<string, string>} [securityHeaders] the page's CSP and frame protection (security-headers.mjs)
 */
export function sendPage(req, res, page, securityHeaders = {}) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', page.br] : /\bgzip\b/.test(accepts) ? ['gzip', page.gzip] : [null, page.raw];
  /** @type {Record<string, string>} */
  const headers = {
    ...securityHeaders,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
    ETag: page.etag,
  };
  if (req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
