import { createHash } from 'node:crypto';
import { ALGOLIA_HOSTS, configOrigins, inlineScriptHashes, pagePolicy, trustsProxy } from './security-headers.mjs';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  test('hashes the scripts that run inline, once each, and not data blocks or scripts with a src', () => {
    const html =
      '<script id="runtime-config" type="application/json">{"a":1}</script>' +
      '<script type="application/json" id="server-queries">{"queries":[]}</script>' +
      '<script defer src="/main.js"></script>' +
      '<script>start()</script><div></div><script type="text/javascript">guard()</script><script>start()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('start()'), sha256('guard()')]);
  });

  test('a page without inline scripts has no hashes', () => {
    expect(inlineScriptHashes('<html><head></head><body></body></html>')).toEqual([]);
  });
});

describe('configOrigins', () => {
  test("the built-in search engine's hosts, or Algolia's when the configuration names none", () => {
    const local = configOrigins({ apiBaseUrl: 'http://localhost:4000', search: { hosts: [{ url: 'localhost:4000', protocol: 'http' }] } });
    expect(local.search).toEqual(['http://localhost:4000']);
    expect(configOrigins({ apiBaseUrl: 'https://api.campus.example', search: {} }).search).toEqual(ALGOLIA_HOSTS);
  });

  test("every remote the configuration names is an origin, a remote's path and port kept apart", () => {
    expect(
      configOrigins({
        remotes: { a: 'http://localhost:3001/mf-manifest.json', b: 'https://cdn.example/seller/mf-manifest.json', c: 'not a url' },
      }).remotes,
    ).toEqual(['http://localhost:3001', 'https://cdn.example']);
  });

  test("the allow-listed preview origins are remotes' origins too (a remote's preview build runs from there)", () => {
    const origins = configOrigins({
      remotes: { a: 'http://localhost:3001/mf-manifest.json' },
      remoteOverrideOrigins: ['https://preview.campus.example'],
    });
    expect(origins.remotes).toEqual(['http://localhost:3001', 'https://preview.campus.example']);
    expect(pagePolicy({ remoteOverrideOrigins: ['https://preview.campus.example'] }, [])).toContain(
      "script-src 'self' https://preview.campus.example;",
    );
  });
});

describe('pagePolicy', () => {
  test('without an API origin there is nowhere to report to, and the rest stays strict', () => {
    const policy = pagePolicy({}, []);
    expect(policy).not.toContain('report-uri');
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
  });
});

describe('trustsProxy', () => {
  test('TRUST_PROXY as the API reads it: unset and the words for off do not trust', () => {
    for (const value of [undefined, '', 'false', 'off', 'no', '0']) expect(trustsProxy({ TRUST_PROXY: value })).toBe(false);
    for (const value of ['1', 'loopback', '10.0.0.0/8']) expect(trustsProxy({ TRUST_PROXY: value })).toBe(true);
  });
});
