/** remote-cart's test setup (after the shared preset's). */
import { configure } from '@testing-library/react';

// Two shared cores run several test suites and builds at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });
// jsdom does not implement scrolling.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
