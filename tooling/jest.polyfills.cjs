// The web APIs jsdom lacks, for every browser workspace's tests (one place: a screen that moves
// between remotes keeps working in its tests). Loaded before each test file.
const { TextEncoder, TextDecoder } = require('node:util');
// react-router and others use these at import time.
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
// jsdom's window has crypto.getRandomValues but no crypto.subtle (the proof-of-work solver hashes with it): Node's WebCrypto.
if (!globalThis.crypto?.subtle)
  Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto, configurable: true });
if (typeof globalThis.structuredClone === 'undefined') globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));

if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling (it logs "Not implemented"); screens scroll to the top on navigation.
  window.scrollTo = () => undefined;
  // jsdom has no object URLs (photo previews, the CSV download).
  if (!URL.createObjectURL) {
    let n = 0;
    URL.createObjectURL = () => `blob:preview-${(n += 1)}`;
    URL.revokeObjectURL = () => undefined;
  }
  // jsdom has no matchMedia; the chart library reads it when it loads, the navbar for its width.
  // Width queries are answered for jsdom's window (1024 px wide, as a laptop's), nothing else matches.
  if (!window.matchMedia) {
    const PX = { px: 1, rem: 16, em: 16 };
    const widthMatches = (query) =>
      [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)].every(([, side, value, unit]) =>
        side === 'min' ? window.innerWidth >= value * PX[unit] : window.innerWidth <= value * PX[unit],
      );
    window.matchMedia = (query) => ({
      matches: /\((min|max)-width:/.test(query) && widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
}
