/**
 * Chakra's components that run a state machine (zag-js): the overlays and the
 * tabs and avatar. About 24 KB gzip that no page draws before its main content,
 * so they are not in the design system's start-up chunk: `@campus/shared/ui`
 * exports them as lazy namespaces (lazy-overlays.ts) that load this module on
 * first use. Import them from `@campus/shared/ui` like any other component.
 */
export { Avatar, Dialog, Drawer, Tabs } from '@chakra-ui/react';
