/**
 * HTML helpers shared by the build's prerender writers (tooling/webpack/write-prerendered-*.cjs)
 * and the static server (page-server/).
 */

/** Text (or an attribute value) made safe to put into HTML. */
const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <style data-emotion="key name name..."> tags React's server render leaves beside the elements. */
const EMOTION_STYLE = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Which server-written style tag holds which emotion classes: `data-prerendered-emotion="css
 * <name> <name>..."`. Not emotion's own `data-emotion`, on purpose: emotion's browser cache
 * takes every such tag out of <head> and puts it back at the end, and each move makes the
 * browser drop that sheet, parse it again and restyle the whole page (40-90 ms of one start-up
 * task under Lighthouse's 4x CPU slowdown). shared/src/ui/provider.tsx instead gives the page an
 * emotion cache that already counts these names as inserted, and leaves the tags where they are.
 */
const PRERENDERED_EMOTION_ATTRIBUTE = 'data-prerendered-emotion';

/**
 * Emotion's styles in `markup`, for <head>: Chakra's global styles (unless `withGlobals` is
 * false), marked `data-s` (emotion's own "already placed" mark, so its cache leaves them where
 * they are: the provider gives Chakra nothing more to insert over them), and every class's
 * rules in ONE tag that names them all (PRERENDERED_EMOTION_ATTRIBUTE). (No other attribute:
 * emotion writes none here unless given a nonce, and the pages set no CSP that would need one.)
 */
function headStyles(markup, { withGlobals = true } = {}) {
  const globals = [];
  const names = [];
  const rules = [];
  for (const [, attribute, css] of markup.matchAll(EMOTION_STYLE)) {
    const [key, ...classNames] = attribute.split(' ');
    if (key === 'css') {
      names.push(...classNames);
      rules.push(css);
    } else if (withGlobals) globals.push(`<style data-emotion="${attribute}" data-s="">${css}</style>`);
  }
  const classes = names.length > 0 ? `<style ${PRERENDERED_EMOTION_ATTRIBUTE}="css ${names.join(' ')}">${rules.join('')}</style>` : '';
  return `${globals.join('')}${classes}`;
}

/** `markup` without its emotion style tags (they go to <head>, headStyles). */
const withoutStyles = (markup) => markup.replace(EMOTION_STYLE, '');

/**
 * The whole element that starts at `start` in well-formed `html` (React's server output),
 * found by counting its tag name's opening and closing tags.
 */
function elementAt(html, start) {
  const name = /^<([a-z][a-z0-9-]*)/i.exec(html.slice(start))?.[1];
  if (!name) throw new Error(`No element starts at ${start}`);
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  throw new Error(`The <${name}> at ${start} is never closed`);
}

module.exports = { EMOTION_STYLE, PRERENDERED_EMOTION_ATTRIBUTE, elementAt, escapeHtml, headStyles, withoutStyles };
