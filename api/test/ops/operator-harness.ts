/** Operators in tests: granted as the command line grants them, enrolled with a TOTP code computed from the secret. */
import type { FastifyInstance } from 'fastify';
import { currentCode, setOperator } from '../../src/ops';
import { get, login, post, signedIn } from '../helpers';

export interface Operator {
  email: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** An operator whose second factor is enrolled; the session `token` is elevated. */
export async function enrolledOperator(app: FastifyInstance): Promise<Operator> {
  const { email, token } = await signedIn(app);
  expect(await setOperator(app.db, email, true, 'test', app.clock.now())).toBe('granted');
  const started = await post(app, '/operator/enrolment', {}, token);
  expect(started.status).toBe(200);
  const { secret, qrDataUrl } = started.body.data as { secret: string; qrDataUrl: string };
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const confirmed = await post(app, '/operator/enrolment/confirm', { code: currentCode(secret, app.clock.now()) }, token);
  expect(confirmed.status).toBe(200);
  return { email, token, secret, recoveryCodes: (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes };
}

/** A new session of the operator with the second factor checked (the clock is moved on a time step, so the code is a new one). */
export async function elevatedSession(app: FastifyInstance, operator: Operator, advance: (ms: number) => void): Promise<string> {
  const token = await login(app, operator.email);
  advance(30_000);
  const verified = await post(app, '/operator/verify', { code: currentCode(operator.secret, app.clock.now()) }, token);
  expect(verified.status).toBe(200);
  return token;
}

export async function auditRows(app: FastifyInstance, token: string, query = '') {
  const res = await get(app, `/ops/audit${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    action: string;
    recordType: string;
    recordId: string;
    reason: string;
    ip: string;
    operatorEmail: string;
  }>;
}
