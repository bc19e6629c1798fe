/** remote-seller's test setup (after the shared preset's; jsdom's missing web APIs are in tooling/jest.polyfills.cjs). */
import { configure } from '@testing-library/react';
import { showLayout } from './layout';

// Two shared cores run several test suites and builds at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });

// A responsive screen shows its wide layout unless a test asks for the phone's (layout.ts).
beforeEach(() => showLayout('table'));
