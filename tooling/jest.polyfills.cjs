// The web APIs jsdom lacks, for every browser workspace's tests (one place: a screen that moves
// between remotes keeps working in its tests). Loaded before each test file.
const { TextEncoder, TextDecoder } = require('node:util');
// react-router and others use these at import time.
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
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
  // jsdom has no matchMedia; the chart library reads it when it loads.
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
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
