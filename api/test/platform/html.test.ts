/** escapeHtml: the one HTML-escaping helper of e-mails, the dev mailbox and search highlights. */
import { escapeHtml } from '../../src/lib/html';

describe('escapeHtml', () => {
  it('escapes the five markup characters, ampersand first so nothing is escaped twice', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('')).toBe('');
    expect(escapeHtml('Naïra ₦5,000 — 100% café')).toBe('Naïra ₦5,000 — 100% café');
  });
});
