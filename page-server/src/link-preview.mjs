/**
 * A shared link's preview: the Open Graph and Twitter card tags of a product or store page, in
 * the <head> the shell's server sends (messaging apps run no script). The marketplace remote's
 * server gives the preview with the screen it drew (its data: remote-marketplace/src/prerender/
 * link-preview.ts); this writes it, every value escaped, every URL absolute against the site's
 * public origin.
 */
import { escapeHtml } from '../../tooling/html.cjs';
import { REMOTE_SCREENS_TIMEOUT_MS } from './remote-screens.mjs';

/**
 * The link-preview fetchers of messaging apps and social sites, by their User-Agent. They fetch a
 * link once and keep what they saw, and run no script: such a request waits longer for the
 * screen (and its preview) than a student's page does, which is better off with the placeholder.
 */
const PREVIEW_FETCHER =
  /facebookexternalhit|facebookcatalog|WhatsApp|Twitterbot|TelegramBot|Slackbot|Discordbot|LinkedInBot|Pinterest|SkypeUriPreview|redditbot|Embedly|Applebot|Googlebot|bingbot/i;

/**
 * How long a preview fetcher's page waits for its screen: as long as the remote's render is given
 * (REMOTE_SCREENS_TIMEOUT_MS, 1.5 s); a student's page waits 0.5 s (request-screens.mjs).
 */
export const PREVIEW_FETCHER_WAIT_MS = REMOTE_SCREENS_TIMEOUT_MS;

/** @param {string | undefined} userAgent */
export const isPreviewFetcher = (userAgent) => PREVIEW_FETCHER.test(userAgent ?? '');

/** og:site_name: the product's name (shared/src/ui/use-page-title.ts SITE_NAME). */
export const SITE_NAME = 'Campus Marketplace';

/**
 * @typedef {{ type: 'product' | 'website', path: string, title: string, description: string, image?: string,
 *   price?: { amount: string, currency: string }, storeName: string }} LinkPreview
 */

/** @param {unknown} value @returns {value is LinkPreview} */
export function isLinkPreview(value) {
  const preview = /** @type {Partial<LinkPreview> | null} */ (value);
  return (
    typeof preview === 'object' &&
    preview !== null &&
    (preview.type === 'product' || preview.type === 'website') &&
    typeof preview.path === 'string' &&
    typeof preview.title === 'string' &&
    typeof preview.description === 'string' &&
    typeof preview.storeName === 'string' &&
    (preview.image === undefined || typeof preview.image === 'string') &&
    (preview.price === undefined ||
      (typeof preview.price === 'object' &&
        preview.price !== null &&
        /^\d+\.\d{2}$/.test(String(preview.price.amount)) &&
        /^[A-Z]{3}$/.test(String(preview.price.currency))))
  );
}

/**
 * An http(s) URL made absolute against `origin`, or undefined (a `javascript:` or `data:` URL is no preview image).
 * @param {string} url @param {string} origin
 */
function absoluteUrl(url, origin) {
  try {
    const absolute = new URL(url, origin);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tags for <head>; '' without a preview.
 * @param {LinkPreview | undefined} preview
 * @param {string} origin the site's public origin (`https://market.example.edu`)
 * @param {string} pagePath the path asked for, when the preview names no path of its own
 */
export function linkPreviewTags(preview, origin, pagePath) {
  if (!preview) return '';
  const path = preview.path.startsWith('/') && !preview.path.startsWith('//') ? preview.path : pagePath;
  const url = absoluteUrl(path, origin);
  const image = preview.image ? absoluteUrl(preview.image, origin) : undefined;
  /** @type {[attribute: 'property' | 'name', key: string, value: string | undefined][]} */
  const tags = [
    ['property', 'og:type', preview.type],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', image ? preview.title : undefined],
    ['property', 'product:price:amount', preview.price?.amount],
    ['property', 'product:price:currency', preview.price?.currency],
    // The store that sells it (a store's own page has its name as the title).
    ['property', 'product:retailer_title', preview.type === 'product' ? preview.storeName : undefined],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', image],
  ];
  const meta = tags
    .filter(([, , value]) => value !== undefined && value !== '')
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(/** @type {string} */ (value))}" />`);
  if (url) meta.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  return meta.join('');
}

/**
 * `html` with the page's description (`<meta name="description">`) the preview's, and its tags at the end of <head>.
 * @param {string} html
 * @param {LinkPreview | undefined} preview
 * @param {string} origin
 * @param {string} pagePath
 */
export function withLinkPreview(html, preview, origin, pagePath) {
  if (!preview) return html;
  const described = html.replace(
    // As the template writes it, or as the build's minifier leaves it (attributes unquoted).
    /<meta name="?description"? content=(?:"[^"]*"|[^\s">]*)\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
  );
  return described.replace('</head>', () => `${linkPreviewTags(preview, origin, pagePath)}</head>`);
}
