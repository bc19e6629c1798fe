/**
 * Who may call the sandbox, and its outage switch: the secret key guards the API as Paystack's
 * does (the checkout page is the student's and gets its own strict policy), and FAULTS_PATH
 * makes every API call slow or failing for a while (the load run's faults, npm run load -- --faults).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asRecord, fail, ok } from './answers';

/** The sandbox's own switch for a Paystack outage (not one of Paystack's endpoints). */
export const FAULTS_PATH = '/sandbox/faults';

/** The checkout page's policy: its own inline style sheet, no script, never framed. */
export const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

interface Fault {
  status: number | null;
  delayMs: number;
  until: number;
}

export function guardAndFaults(app: FastifyInstance, secretKey: string): void {
  let fault: Fault | null = null;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/checkout/')) {
      // The page stands in for Paystack's hosted checkout, which the shop opens by redirecting to
      // Initialize Transaction's `authorization_url` (never framed: the shop uses no Popup). So no
      // site may frame it (a Pay button under someone else's page), and it runs no script.
      // form-action stays open: its form is answered by a redirect to the shop's callback.
      reply.header('content-security-policy', SANDBOX_PAGE_CSP).header('x-frame-options', 'DENY');
      return;
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) return fail(reply, 401, 'Invalid key');
    if (request.url.split('?')[0] === FAULTS_PATH || !fault || Date.now() >= fault.until) return;
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault?.delayMs ?? 0));
    if (fault.status !== null) return fail(reply, fault.status, 'An error occurred');
  });

  // A Paystack outage on demand (a 5xx answers as Paystack's API reference's Errors section says one
  // does: { status: false, message }): for `forMs`, every call of its API answers after `delayMs` and,
  // with `status`, fails with it. The checkout page and the webhooks are not touched. Behind the
  // secret key like the rest; the sandbox never runs live.
  app.post(FAULTS_PATH, async (request) => {
    const body = asRecord(request.body);
    const status = typeof body.status === 'number' && body.status >= 400 && body.status <= 599 ? body.status : null;
    const delayMs = typeof body.delayMs === 'number' && body.delayMs > 0 ? Math.min(body.delayMs, 120_000) : 0;
    const forMs = typeof body.forMs === 'number' && body.forMs > 0 ? Math.min(body.forMs, 600_000) : 0;
    fault = forMs > 0 ? { status, delayMs, until: Date.now() + forMs } : null;
    return ok(fault ? 'Fault set' : 'Fault cleared', fault);
  });
}
