import { isLinkPreview, linkPreviewTags, withLinkPreview } from './link-preview.mjs';

/** @type {import('./link-preview.mjs').LinkPreview} */
const PRODUCT = {
  type: 'product',
  path: '/product/desk-lamp',
  title: 'Desk lamp',
  description: '₦12,500.50 from Book Nook · Warm light',
  image: 'https://api.campus.test/uploads/p/a.webp',
  price: { amount: '12500.50', currency: 'NGN' },
  storeName: 'Book Nook',
};

/** The tags as [key, content] pairs, read back the way a preview scraper reads them. */
function metaOf(html) {
  return Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map(([, key, content]) => [
      key,
      content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]),
  );
}

describe('the link preview tags', () => {
  test('Open Graph and Twitter card tags of a product: title, description, absolute URL and photo, price in NGN, store', () => {
    expect(metaOf(linkPreviewTags(PRODUCT, 'https://market.campus.test', '/product/p1'))).toEqual({
      'og:type': 'product',
      'og:site_name': 'Campus Marketplace',
      'og:title': 'Desk lamp',
      'og:description': '₦12,500.50 from Book Nook · Warm light',
      'og:url': 'https://market.campus.test/product/desk-lamp',
      'og:image': 'https://api.campus.test/uploads/p/a.webp',
      'og:image:alt': 'Desk lamp',
      'product:price:amount': '12500.50',
      'product:price:currency': 'NGN',
      'product:retailer_title': 'Book Nook',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Desk lamp',
      'twitter:description': '₦12,500.50 from Book Nook · Warm light',
      'twitter:image': 'https://api.campus.test/uploads/p/a.webp',
    });
    expect(linkPreviewTags(PRODUCT, 'https://market.campus.test', '/x')).toContain(
      '<link rel="canonical" href="https://market.campus.test/product/desk-lamp" />',
    );
  });

  test('a root-relative photo is made absolute against the public origin; a script URL is no photo', () => {
    const relative = metaOf(linkPreviewTags({ ...PRODUCT, image: '/uploads/p/a.webp' }, 'https://market.campus.test', '/x'));
    expect(relative['og:image']).toBe('https://market.campus.test/uploads/p/a.webp');
    const hostile = metaOf(linkPreviewTags({ ...PRODUCT, image: 'javascript:alert(1)' }, 'https://market.campus.test', '/x'));
    expect(hostile['og:image']).toBeUndefined();
    expect(hostile['twitter:card']).toBe('summary');
  });

  test('a preview path that is not a same-site path gives way to the path asked for', () => {
    const tags = metaOf(linkPreviewTags({ ...PRODUCT, path: '//evil.test/x' }, 'https://market.campus.test', '/product/p1'));
    expect(tags['og:url']).toBe('https://market.campus.test/product/p1');
  });

  test('a store has no price, and its title is its name', () => {
    /** @type {import('./link-preview.mjs').LinkPreview} */
    const store = { type: 'website', path: '/seller/s1/catalogue', title: 'Book Nook', description: '3 products', storeName: 'Book Nook' };
    const tags = metaOf(linkPreviewTags(store, 'http://localhost:3000', '/seller/s1/catalogue'));
    expect(tags).toMatchObject({ 'og:type': 'website', 'og:title': 'Book Nook', 'og:url': 'http://localhost:3000/seller/s1/catalogue' });
    expect(tags).not.toHaveProperty('product:price:amount');
    expect(tags).not.toHaveProperty('product:retailer_title');
  });

  test('every value is escaped: a title with quotes and markup cannot close the tag or open another', () => {
    const title = 'Lamp "XL" </title><script>alert(1)</script> & <b>';
    const html = linkPreviewTags({ ...PRODUCT, title, description: `"${title}"` }, 'https://market.campus.test', '/x');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"XL"');
    expect(html).toContain('content="Lamp &quot;XL&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;"');
    // Every tag is still one whole <meta> element.
    expect(html.split('<meta ').length - 1).toBe(Object.keys(metaOf(html)).length);
    expect(metaOf(html)['og:title']).toBe(title);
  });

  test("the page's own description becomes the preview's, and the tags go into <head>", () => {
    const page =
      '<html><head><meta name="description" content="Campus Marketplace: buy and sell." /><title>x</title></head><body></body></html>';
    const html = withLinkPreview(page, { ...PRODUCT, description: 'Warm <light>' }, 'https://market.campus.test', '/x');
    expect(html).toContain('<meta name="description" content="Warm &lt;light&gt;" />');
    expect(html).not.toContain('buy and sell');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(withLinkPreview(page, undefined, 'https://market.campus.test', '/x')).toBe(page);
    // The built page, minified: its attributes unquoted.
    const minified =
      '<head><meta name=description content="Campus Marketplace: buy and sell."><meta name=theme-color content=#039855></head>';
    const built = withLinkPreview(minified, PRODUCT, 'https://market.campus.test', '/x');
    expect(built).toContain(`<meta name="description" content="${PRODUCT.description}" /><meta name=theme-color content=#039855>`);
    expect(built).not.toContain('buy and sell');
  });

  test('only a well-formed preview is taken from a remote', () => {
    expect(isLinkPreview(PRODUCT)).toBe(true);
    expect(isLinkPreview({ ...PRODUCT, price: undefined })).toBe(true);
    expect(isLinkPreview(null)).toBe(false);
    expect(isLinkPreview({ ...PRODUCT, type: 'article' })).toBe(false);
    expect(isLinkPreview({ ...PRODUCT, title: 3 })).toBe(false);
    expect(isLinkPreview({ ...PRODUCT, price: { amount: '12500.5', currency: 'NGN' } })).toBe(false);
    expect(isLinkPreview({ ...PRODUCT, price: { amount: 1250050, currency: 'NGN' } })).toBe(false);
  });
});
