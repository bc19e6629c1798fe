import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { CLUSTER_PORT_BASE } from './cluster/cluster-state';
import { OWN_PRODUCT } from './support/ports';

/**
 * `npm run test:e2e:cluster`: journeys against the production shape (scripts/start-cluster.mjs:
 * PostgreSQL, Redis, the S3 store, API instances behind nginx), which cluster-global-setup.ts
 * starts on CLUSTER_PORT_BASE (default 8100). The cluster's own journeys (cluster/: an instance
 * dies mid-way) and the ordinary ones (tests/), which meet the cluster as an environment they did
 * not start: those tagged @own-product (they stop a remote's server or read the API's log) are left out. E-mails are
 * read through the test-support interface, whose record of sent mail every instance shares.
 *
 * CLUSTER_JOURNEYS=all runs every ordinary journey; by default a choice of them that crosses every
 * remote and the cluster's shared state (e-mail, limits, message streams, photos on S3, payments).
 */
const CHOSEN_JOURNEYS = [
  /buy from two stores.*remote-seller up/,
  /leaving the sandbox checkout without paying/,
  /the cart is the server's/,
  /search with a typo, open the product/,
  /a student becomes a seller, sells a product with two photos/,
  /five wrong codes on an order/,
  // E-mail read through any instance (the shared record), message streams across instances, the console.
  /register with a university e-mail, verify with the mailed code/,
  /forgot password, open the e-mailed link/,
  /a buyer and a seller exchange messages live/,
  /a buyer reports a listing; the operator hides it/,
  /the buyer disputes an accepted order/,
];

const everyJourney = process.env.CLUSTER_JOURNEYS === 'all';

/**
 * Not on the cluster: the demo's term of orders, payouts and views (demo.spec.ts). `npm start` makes it
 * on its in-process Paystack sandbox; the cluster's database gets the demo accounts and listings only
 * (api/scripts/prepare-database.ts), its sandbox being a process of its own.
 */
const NOT_ON_THE_CLUSTER = ['**/demo.spec.ts'];

export default defineConfig({
  ...base,
  outputDir: 'test-results/cluster',
  // Its own HTML report under CI (.ci/run keeps it beside the ordinary journeys').
  reporter: [['list'], ...(process.env.CI ? ([['html', { open: 'never', outputFolder: 'playwright-report-cluster' }]] as const) : [])],
  globalSetup: './cluster-global-setup.ts',
  use: { ...base.use, baseURL: `http://localhost:${CLUSTER_PORT_BASE}` },
  projects: [
    {
      name: 'journeys',
      testDir: './tests',
      testIgnore: NOT_ON_THE_CLUSTER,
      // Those that stop a server or read the suite's own product's log or releases (the cluster sets the test timings).
      grepInvert: new RegExp(OWN_PRODUCT),
      ...(everyJourney ? {} : { grep: CHOSEN_JOURNEYS }),
      use: { ...base.projects?.[0]?.use },
    },
    // After the ordinary journeys (one worker runs the projects in this order): these kill instances.
    { name: 'cluster', testDir: './cluster', use: { ...base.projects?.[0]?.use } },
  ],
});
