/**
 * Chakra's createSystem computes the page's global CSS (its reset, global
 * styles and every token as a CSS variable) as soon as it is called: about
 * half of its time, on the main thread, while the page starts. A
 * page the build rendered already has that CSS in <head>, and
 * shared/src/ui/provider.tsx then never asks for it; this loader makes
 * `system._global` a getter that computes it on first read (pages served
 * bare, the prerender itself). Nothing else changes.
 *
 * Written against @chakra-ui/react 3.37.0 (pinned): the build fails here if
 * the code it rewrites has changed, rather than silently doing nothing.
 */
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = /\n(\s*)_global,\n/;

module.exports = function chakraLazyGlobalsLoader(source) {
  if (!source.includes(EAGER) || !RETURNED.test(source)) {
    throw new Error(
      `${this.resourcePath}: Chakra's createSystem no longer matches tooling/webpack/chakra-lazy-globals-loader.cjs; update or remove the loader`,
    );
  }
  return source
    .replace(EAGER, () => 'let _global;\n  const lazyGlobal = () => (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);')
    .replace(RETURNED, (_match, indent) => `\n${indent}get _global() { return lazyGlobal(); },\n`);
};
