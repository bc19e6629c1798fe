/**
 * What a messaging app shows for a shared product or store link (Open Graph and Twitter card
 * tags), taken from the data the screen was drawn with on the server: no second read. The
 * shell's server writes the tags into the page's <head>, escaped (page-server/src/link-preview.mjs);
 * messaging apps run no script, so they are in the HTML or nowhere.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { href } from '@campus/shared/federation';
import { formatNaira, koboToDecimalString, toKobo } from '@campus/shared/money';
import { mediaUrl } from '@campus/shared/product-ui';
import { queryKeys } from '@campus/shared/query-keys';
import type { Product, SellerCatalogue } from '@campus/shared/schemas';

export interface LinkPreview {
  /** og:type. */
  type: 'product' | 'website';
  /** The page's own path (og:url against the site's public origin): the product's slug, the store's id. */
  path: string;
  title: string;
  description: string;
  /** The first photo (the store's cover or picture), absolute where the API's address is known. */
  image?: string;
  /** product:price:amount in naira with two decimals, from the kobo digits ("12500.50"). */
  price?: { amount: string; currency: 'NGN' };
  /** The store that sells it (a product), or the store itself. */
  storeName: string;
}

/** Longest description sent: WhatsApp shows two lines or so, and a long one only weighs the page. */
export const PREVIEW_DESCRIPTION_MAX = 200;

/** One line of text at most `max` characters, cut at a word with an ellipsis. */
export function previewText(text: string, max = PREVIEW_DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The data of the first query with this key start that was read. */
function dataOf<T>(queries: DehydratedState, key: readonly unknown[]): T | undefined {
  const query = queries.queries.find(
    (q) => q.state.status === 'success' && q.state.data !== undefined && key.every((part, i) => q.queryKey[i] === part),
  );
  return query?.state.data as T | undefined;
}

export function productPreview(product: Product): LinkPreview {
  const kobo = toKobo(product.price);
  const about = previewText(product.description, PREVIEW_DESCRIPTION_MAX - 60);
  const image = mediaUrl(product.imageUrls[0]);
  return {
    type: 'product',
    path: href('product', { slug: product.slug || product.id }),
    title: product.name,
    description: [`${formatNaira(product.price)} from ${product.seller.catalogueName}`, about].filter(Boolean).join(' · '),
    ...(image ? { image } : {}),
    price: { amount: koboToDecimalString(kobo), currency: 'NGN' },
    storeName: product.seller.catalogueName,
  };
}

export function storePreview(store: SellerCatalogue): LinkPreview {
  const image = mediaUrl(store.catalogueCover ?? store.cataloguePicture ?? store.products[0]?.imageUrls[0]);
  const count = store._count.products;
  const about = store.storeDescription ? previewText(store.storeDescription, PREVIEW_DESCRIPTION_MAX - 60) : '';
  return {
    type: 'website',
    path: href('catalogue', { sellerId: store.id }),
    title: store.catalogueName,
    description: [`${count} ${count === 1 ? 'product' : 'products'} from ${store.user.name}`, store.location, about]
      .filter(Boolean)
      .join(' · '),
    ...(image ? { image } : {}),
    storeName: store.catalogueName,
  };
}

/** A path segment as the router reads it; a malformed escape is kept as written (it matches no query). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The preview of the product or store page at `url` (path and query), from the queries its screen was drawn with; null for other pages. */
export function linkPreviewFor(url: string, queries: DehydratedState): LinkPreview | null {
  const { pathname } = new URL(url, 'http://localhost');
  const segments = pathname.split('/').filter(Boolean).map(decoded);
  const [first = '', second = '', third] = segments;
  if (segments.length === 2 && first === 'product') {
    const product = dataOf<Product>(queries, queryKeys.products.detail(second));
    return product ? productPreview(product) : null;
  }
  if (segments.length === 3 && first === 'seller' && third === 'catalogue') {
    const store = dataOf<SellerCatalogue>(queries, queryKeys.catalogue.page(second, {}).slice(0, 2));
    return store ? storePreview(store) : null;
  }
  return null;
}
