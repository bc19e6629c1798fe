/** remote-seller's test setup (after the shared preset's; jsdom's missing web APIs are in tooling/jest.polyfills.cjs). */
import { showLayout } from './layout';

// A responsive screen shows its wide layout unless a test asks for the phone's (layout.ts).
beforeEach(() => showLayout('table'));
