/**
 * `Avatar`, `Dialog`, `Drawer` and `Tabs` as `@campus/shared/ui` exports them: lazy namespaces
 * (lazy-namespace.ts) over overlays.ts, a chunk of its own. A screen that draws one at once
 * waits for it behind its Suspense boundary; the shell loads it once a page's main content
 * has shown, and a server render loads it before it renders (prerender/render-to-html.tsx).
 * Unit tests get the real components at once (tooling/jest.preset.cjs maps this module).
 */
import { lazyNamespaces } from './lazy-namespace';
import type * as Overlays from './overlays';

const overlays = lazyNamespaces<typeof Overlays>(
  ['Avatar', 'Dialog', 'Drawer', 'Tabs'],
  () => import(/* webpackChunkName: "ui-overlays" */ './overlays'),
);

export const { Avatar, Dialog, Drawer, Tabs } = overlays.namespaces;

/** Loads the overlays' chunk (once); resolves when they draw without waiting. */
export const loadOverlays: () => Promise<void> = overlays.load;
