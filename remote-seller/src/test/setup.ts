/** remote-seller's test setup (after the shared preset's). */
import { configure } from '@testing-library/react';

// Two shared cores run several test suites and builds at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });
// jsdom has no object URLs (photo previews).
if (!URL.createObjectURL) {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${(n += 1)}`;
  URL.revokeObjectURL = () => undefined;
}
// jsdom has no matchMedia; the chart library reads it when it loads.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
