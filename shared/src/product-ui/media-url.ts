import { getRuntimeConfig, hasRuntimeConfig } from '@campus/shared/runtime-config';

/**
 * Photo URLs the API answers may be root-relative ("/uploads/products/x.webp"):
 * they live on the API's origin, not on the page's. Absolute, protocol-relative,
 * data: and blob: URLs pass through unchanged.
 */
export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:)/i.test(url) || url.startsWith('//')) return url;
  if (!url.startsWith('/') || !hasRuntimeConfig()) return url;
  return `${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${url}`;
}
