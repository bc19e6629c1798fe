/**
 * What unit tests get for `@campus/shared/ui`'s lazy overlays (ui/lazy-overlays.ts): the real
 * components, drawn at once, so a test need not wait for a chunk that jsdom loads anyway.
 * tooling/jest.preset.cjs maps the lazy module here.
 */
export { Avatar, Dialog, Drawer, Tabs } from '../ui/overlays';

export const loadOverlays = (): Promise<void> => Promise.resolve();
