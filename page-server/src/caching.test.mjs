import { cacheControlFor, isPagePath } from './caching.mjs';

describe('caching headers and what is a page', () => {
  test('a hashed file is immutable for a year; a name a deploy keeps is revalidated', () => {
    expect(cacheControlFor('/static/js/main.0123456789.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/static/css/app.abcdef0123.css')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/prerendered/screens.json', '/main.js']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });

  test("page paths and index.html are pages; files are not, nor is a remote's screens.json, but the shell's prerendered files are", () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/product/desk-lamp')).toBe(true);
    expect(isPagePath('/index.html')).toBe(true);
    expect(isPagePath('/prerendered/login.html')).toBe(true);
    expect(isPagePath('/prerendered/manifest.json')).toBe(true);
    expect(isPagePath('/prerendered/screens.json')).toBe(false);
    expect(isPagePath('/main.0123456789.js')).toBe(false);
    expect(isPagePath('/mf-manifest.json')).toBe(false);
  });
});
