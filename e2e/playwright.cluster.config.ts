import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { CLUSTER_PORT_BASE } from './cluster/cluster-state';

/**
 * `npm run test:e2e:cluster`: journeys against the production shape (scripts/start-cluster.mjs:
 * PostgreSQL, Redis, the S3 store, API instances behind nginx), which cluster-global-setup.ts
 * starts on CLUSTER_PORT_BASE (default 8100). The cluster's own journeys (cluster/: an instance
 * dies mid-way) and a choice of the ordinary ones: a checkout across two stores, leaving the
 * sandbox without paying, the server's cart, search, and a seller's whole path (photos to S3).
 * Journeys that read the development mailbox or stop a remote's server are not among them: the
 * mailbox is each instance's own, and the static servers are the supervisor's.
 */
const ORDINARY_JOURNEYS = [
  /buy from two stores.*remote-seller up/,
  /leaving the sandbox checkout without paying/,
  /the cart is the server's/,
  /search with a typo, open the product/,
  /a student becomes a seller, sells a product with two photos/,
  /five wrong codes on an order/,
];

export default defineConfig({
  ...base,
  outputDir: 'test-results/cluster',
  // Its own HTML report under CI (.ci/run keeps it beside the ordinary journeys').
  reporter: [['list'], ...(process.env.CI ? ([['html', { open: 'never', outputFolder: 'playwright-report-cluster' }]] as const) : [])],
  globalSetup: './cluster-global-setup.ts',
  use: { ...base.use, baseURL: `http://localhost:${CLUSTER_PORT_BASE}` },
  projects: [
    { name: 'journeys', testDir: './tests', grep: ORDINARY_JOURNEYS, use: { ...base.projects?.[0]?.use } },
    // After the ordinary journeys (one worker runs the projects in this order): these kill instances.
    { name: 'cluster', testDir: './cluster', use: { ...base.projects?.[0]?.use } },
  ],
});
