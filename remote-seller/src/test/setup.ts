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
