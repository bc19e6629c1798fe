/**
 * Where the journeys find the product. By default they start it themselves (global-setup.ts) on
 * test ports beside the defaults (3000-3005, 4000), so a developer's running `npm start` does not
 * collide; E2E_PORT_BASE moves them all (where each one sits from the base is tooling/ports.cjs's).
 *
 * With E2E_BASE_URL (the shell of a running environment: staging, a QA machine) nothing is
 * started: the API's and the remotes' addresses are that environment's runtime configuration,
 * which global-setup.ts reads from the shell and hands to the workers (E2E_RUNTIME_CONFIG).
 */
import { PORTS, portEnvFromBase } from '../../tooling/ports.cjs';

const base = Number(process.env.E2E_PORT_BASE || 3100);
const url = (offset: number) => `http://localhost:${base + offset}`;

/** The shell of an environment the suite did not start, or null: the suite starts the product. */
export const ENVIRONMENT_URL: string | null = process.env.E2E_BASE_URL ? process.env.E2E_BASE_URL.replace(/\/+$/, '') : null;

/** Running against an environment the suite did not start: journeys that stop servers skip themselves. */
export const FOREIGN_ENVIRONMENT = ENVIRONMENT_URL !== null;

/**
 * The tag of the journeys that need the product the suite starts itself: they stop and start its
 * servers, read its log or its releases folder, or test this checkout's static server. Against an
 * environment (E2E_BASE_URL) they are left out (playwright.config.ts's grepInvert).
 */
export const OWN_PRODUCT = '@own-product';

/**
 * The tag of the journeys that need an API with the test-only timings (a buyer disputes seconds after
 * paying: ORDERS_BUYER_WAIT_SECONDS, honoured under NODE_ENV=test only). They ask the API and skip
 * themselves elsewhere (support/test-support.ts). `npm test` runs them, with the OWN_PRODUCT ones, on
 * the product it starts (`--grep "@own-product|@test-timings"`), and every other journey against a
 * separately started environment (scripts/test-e2e-env.mjs); the cluster sets the timings and runs them.
 */
export const TEST_TIMINGS = '@test-timings';

/** Said by the journeys that skip themselves against an environment they did not start. */
export const NEEDS_OWN_PRODUCT = `needs the product started by the suite (${OWN_PRODUCT}), not an environment given by E2E_BASE_URL`;

/** The parts of the shell's runtime-config.json the journeys locate things with. */
export interface EnvironmentAddresses {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

/** The environment's runtime configuration, as global-setup.ts read it (null when the suite starts the product). */
function environmentAddresses(): EnvironmentAddresses | null {
  const raw = process.env.E2E_RUNTIME_CONFIG;
  return FOREIGN_ENVIRONMENT && raw ? (JSON.parse(raw) as EnvironmentAddresses) : null;
}

export const E2E_ENV: Record<string, string> = portEnvFromBase(base);

export const SHELL_URL = ENVIRONMENT_URL ?? url(PORTS.shell.offset);
export const API_URL = environmentAddresses()?.apiBaseUrl.replace(/\/+$/, '') ?? url(PORTS.api.offset);

/** A remote's static server, by container name. */
export type RemoteServer = Exclude<keyof typeof PORTS, 'shell' | 'api'>;

/** The origin of a remote's own static server: from the environment's manifest URL, or its test port. */
export function remoteOrigin(name: RemoteServer): string {
  const manifest = environmentAddresses()?.remotes[name];
  return manifest ? new URL(manifest).origin : url(PORTS[name].offset);
}

/** The cart remote's own static server (it also opens the remote alone, without the shell). */
export const CART_REMOTE_URL = remoteOrigin('remoteCart');

/** The seller remote's own static server (it also opens the remote alone, without the shell). */
export const SELLER_REMOTE_URL = remoteOrigin('remoteSeller');

/**
 * Where a journey serves a remote's preview build (a second copy of its static server, on this
 * machine): the environment must allow-list this origin for remote overrides (REMOTE_OVERRIDE_ORIGINS;
 * the product the suite starts does). E2E_PREVIEW_URL moves it.
 */
export const PREVIEW_URL = process.env.E2E_PREVIEW_URL ? process.env.E2E_PREVIEW_URL.replace(/\/+$/, '') : url(20);

/** The test-support interface's secret (E2E_TEST_SUPPORT_SECRET; global-setup.ts makes one for the product it starts). */
export function testSupportSecret(): string {
  const secret = process.env.E2E_TEST_SUPPORT_SECRET;
  if (!secret) throw new Error("E2E_TEST_SUPPORT_SECRET is not set: the environment's TEST_SUPPORT_SECRET (docs/testing.md)");
  return secret;
}
