/**
 * Every port the product listens on, in one place: the variable that moves each one, its
 * default (what `npm start` uses), and its place in a run "from a base" (the journeys, the
 * measuring scripts): shell = base, the remotes base+1..6, the API base+1000, the API's
 * Paystack sandbox base+1010. Read by tooling/product.cjs, scripts/lib/run-product.mjs and
 * e2e/support/ports.ts. (The API reads its own PORT/API_PORT and PAYSTACK_SANDBOX_PORT; its
 * sandbox's default, 4010, is api/src/money/payments/config.ts's.)
 */

/** The browser apps' and the API's ports: the variable, the default, the offset from a base. */
const PORTS = {
  shell: { env: 'SHELL_PORT', defaultPort: 3000, offset: 0 },
  remoteAuth: { env: 'AUTH_PORT', defaultPort: 3001, offset: 1 },
  remoteMarketplace: { env: 'MARKETPLACE_PORT', defaultPort: 3002, offset: 2 },
  remoteCart: { env: 'CART_PORT', defaultPort: 3003, offset: 3 },
  remoteSeller: { env: 'SELLER_PORT', defaultPort: 3004, offset: 4 },
  remoteMessages: { env: 'MESSAGES_PORT', defaultPort: 3005, offset: 5 },
  remoteOps: { env: 'OPS_PORT', defaultPort: 3006, offset: 6 },
  api: { env: 'API_PORT', defaultPort: 4000, offset: 1000 },
};

/** The API's built-in Paystack sandbox in a run from a base (its default port is the API's business). */
const PAYSTACK_SANDBOX = { env: 'PAYSTACK_SANDBOX_PORT', offset: 1010 };

/**
 * The port variables of a run from `base` (for a child's environment).
 * @param {number} base the shell's port
 * @returns {Record<string, string>}
 */
function portEnvFromBase(base) {
  if (!Number.isInteger(base) || base <= 0 || base + PAYSTACK_SANDBOX.offset > 65535) throw new Error(`${base} is not a port base`);
  const env = {};
  for (const { env: key, offset } of Object.values(PORTS)) env[key] = String(base + offset);
  env[PAYSTACK_SANDBOX.env] = String(base + PAYSTACK_SANDBOX.offset);
  return env;
}

function portFrom(env, key, fallback) {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${key}=${raw} is not a port number`);
  return port;
}

/**
 * Ports of every process, from the environment or the defaults (3000-3006, 4000).
 * @returns {Record<keyof typeof PORTS, number>}
 */
function readPorts(env = process.env) {
  const ports = {};
  for (const [name, { env: key, defaultPort }] of Object.entries(PORTS)) ports[name] = portFrom(env, key, defaultPort);
  return ports;
}

module.exports = { PORTS, PAYSTACK_SANDBOX, portEnvFromBase, readPorts };
