/**
 * The ports the journeys run the product on: beside the defaults (3000-3005,
 * 4000), so a developer's running `npm start` does not collide. E2E_PORT_BASE
 * moves them all; where each one sits from the base is tooling/ports.cjs's.
 */
import { PORTS, portEnvFromBase } from '../../tooling/ports.cjs';

const base = Number(process.env.E2E_PORT_BASE || 3100);
const url = (offset: number) => `http://localhost:${base + offset}`;

export const E2E_ENV: Record<string, string> = portEnvFromBase(base);

export const SHELL_URL = url(PORTS.shell.offset);
export const API_URL = url(PORTS.api.offset);

/** The cart remote's own static server (it also opens the remote alone, without the shell). */
export const CART_REMOTE_URL = url(PORTS.remoteCart.offset);

/** The seller remote's own static server (it also opens the remote alone, without the shell). */
export const SELLER_REMOTE_URL = url(PORTS.remoteSeller.offset);

/**
 * Where a journey serves a remote's preview build (a second copy of its static server): the
 * product the journeys start allow-lists this origin for remote overrides (REMOTE_OVERRIDE_ORIGINS).
 */
export const PREVIEW_URL = url(20);
