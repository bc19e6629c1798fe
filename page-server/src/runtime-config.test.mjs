import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runtimeConfigBody, withRuntimeConfig } from './runtime-config.mjs';
import { TEMPLATE } from './testing.mjs';

describe('the runtime configuration', () => {
  test('is built from the environment when the server starts', () => {
    const config = JSON.parse(
      runtimeConfigBody({
        SHELL_PORT: '5300',
        AUTH_PORT: '5301',
        API_URL: 'https://api.example.edu',
        UNIVERSITY_NAME: 'Stand-in University',
      }),
    );
    expect(config.apiBaseUrl).toBe('https://api.example.edu');
    expect(config.remotes.remoteAuth).toBe('http://localhost:5301/mf-manifest.json');
    expect(config.university).toEqual({ name: 'Stand-in University', emailDomain: 'campus.edu.ng' });
  });

  test('is read as it is from RUNTIME_CONFIG_FILE when that is set', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'page-server-config-')), 'runtime-config.json');
    writeFileSync(file, '{"apiBaseUrl":"https://elsewhere"}');
    expect(runtimeConfigBody({ RUNTIME_CONFIG_FILE: file, UNIVERSITY_NAME: 'ignored' })).toBe('{"apiBaseUrl":"https://elsewhere"}');
  });

  test("goes into a page in place of the template's preload, as JSON that cannot close its script", () => {
    const html = withRuntimeConfig(TEMPLATE, '{"university":{"name":"</script><b>U"}}', '<link rel="preload" href="x">');
    expect(html).not.toContain('href="/runtime-config.json"');
    expect(html).toContain(
      '<script id="runtime-config" type="application/json">{"university":{"name":"\\u003c/script>\\u003cb>U"}}</script><link rel="preload" href="x"></head>',
    );
  });

  test('goes at the end of <head> in a page without the preload', () => {
    expect(withRuntimeConfig('<html><head><title>t</title></head><body></body></html>', '{}')).toBe(
      '<html><head><title>t</title><script id="runtime-config" type="application/json">{}</script></head><body></body></html>',
    );
  });
});
