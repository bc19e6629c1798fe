/** remote-ops's test setup (after the shared preset's; jsdom's missing web APIs are in tooling/jest.polyfills.cjs). */
import { configure } from '@testing-library/react';

// Two shared cores run several test suites and builds at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });
