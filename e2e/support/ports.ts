/**
 * The ports the journeys run the product on: beside the defaults (3000-3004,
 * 4000), so a developer's running `npm start` does not collide. E2E_PORT_BASE
 * moves them all (shell = base, remotes = base+1..4, API = base+1000, its Paystack sandbox base+1010).
 */
const base = Number(process.env.E2E_PORT_BASE || 3100);

export const E2E_ENV: Record<string, string> = {
  SHELL_PORT: String(base),
  AUTH_PORT: String(base + 1),
  MARKETPLACE_PORT: String(base + 2),
  CART_PORT: String(base + 3),
  SELLER_PORT: String(base + 4),
  API_PORT: String(base + 1000),
  // The API's built-in Paystack sandbox (no PAYSTACK_SECRET_KEY in the journeys).
  PAYSTACK_SANDBOX_PORT: String(base + 1010),
};

export const SHELL_URL = `http://localhost:${base}`;
export const API_URL = `http://localhost:${base + 1000}`;

/** The cart remote's own static server (it also opens the remote alone, without the shell). */
export const CART_REMOTE_URL = `http://localhost:${base + 3}`;

/** The seller remote's own static server (it also opens the remote alone, without the shell). */
export const SELLER_REMOTE_URL = `http://localhost:${base + 4}`;
