/**
 * HTML helpers shared by the build's prerender writers (tooling/webpack/write-prerendered-*.cjs)
 * and the static server (scripts/serve-static.mjs).
 */

/** Text (or an attribute value) made safe to put into HTML. */
const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <style data-emotion="key name name..."> tags React's server render leaves beside the elements. */
const EMOTION_STYLE = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Emotion's styles in `markup`, for <head>: Chakra's global styles as they are (unless
 * `withGlobals` is false), and every class's rules in ONE tag that names them all
 * (`data-emotion="css <name> <name>..."`). Emotion's browser cache moves each server style
 * tag it finds to the end of <head>, and each move makes the browser parse that sheet and
 * restyle the page again: ninety tags on the landing page were a long task at start-up; one
 * tag is one move. (Only data-emotion is kept: emotion writes no other attribute here unless
 * given a nonce, and the pages set no CSP that would need one.)
 */
function headStyles(markup, { withGlobals = true } = {}) {
  const globals = [];
  const names = [];
  const rules = [];
  for (const [tag, attribute, css] of markup.matchAll(EMOTION_STYLE)) {
    const [key, ...classNames] = attribute.split(' ');
    if (key === 'css') {
      names.push(...classNames);
      rules.push(css);
    } else if (withGlobals) globals.push(tag);
  }
  return `${globals.join('')}${names.length > 0 ? `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>` : ''}`;
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

module.exports = { EMOTION_STYLE, elementAt, escapeHtml, headStyles, withoutStyles };
