/**
 * Domains throw DomainErrors that know nothing of HTTP; the errors plugin is the one
 * place that turns each kind into its status, in the one error shape.
 */
import { connect } from 'node:net';
import Fastify from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { HttpError } from '../../src/http/errors';
import { DomainError, type DomainErrorKind } from '../../src/lib/domain-errors';
import errors from '../../src/plugins/errors';

const cases: Array<[DomainErrorKind, number, string]> = [
  ['invalid', 400, 'Bad Request'],
  ['unauthenticated', 401, 'Unauthorized'],
  ['forbidden', 403, 'Forbidden'],
  ['not-found', 404, 'Not Found'],
  ['conflict', 409, 'Conflict'],
  ['provider-down', 502, 'Bad Gateway'],
];

describe('the errors plugin maps domain errors to HTTP', () => {
  it.each(cases)('%s is a %i with the domain message', async (kind, statusCode, error) => {
    const app = Fastify();
    await app.register(errors);
    app.get('/fail', async () => {
      throw new DomainError(kind, `The ${kind} message`);
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(statusCode);
    expect(res.json()).toEqual({ statusCode, error, message: `The ${kind} message` });
    await app.close();
  });
});

/** A real refused connection: a port that was free a moment ago, nothing listening on it. */
async function refusedConnection(): Promise<Error> {
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const { port } = probe.server.address() as { port: number };
  await probe.close();
  return new Promise((resolve) => connect({ port, host: '127.0.0.1' }).on('error', resolve));
}

describe('a database (or service) that cannot be reached', () => {
  it('is a 503 to try again, with Retry-After, never a 500; an HttpError keeps its own text', async () => {
    const refused = await refusedConnection();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    const app = Fastify();
    await app.register(errors);
    app.get('/refused', async () => {
      throw new Error('Failed query: select 1', { cause: refused });
    });
    app.get('/photos', async () => {
      throw Object.assign(new HttpError(503, MESSAGES.uploads.storageUnavailable), { cause: refused });
    });
    // A request the client stopped sending: Fastify's 400, with the socket's ECONNRESET inside.
    app.get('/aborted', async () => {
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    });
    // 08P01 is a protocol violation (too many bind parameters, say): a fault of ours, not an outage.
    app.get('/protocol', async () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('bind message has 70000 parameter formats'), { code: '08P01' }) });
    });
    app.get('/ours', async () => {
      throw new TypeError('x is undefined');
    });

    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MESSAGES.generic.internal });
    const photos = await app.inject({ method: 'GET', url: '/photos' });
    expect(photos.json()).toMatchObject({ statusCode: 503, message: MESSAGES.uploads.storageUnavailable });
    const aborted = await app.inject({ method: 'GET', url: '/aborted' });
    expect(aborted.statusCode).toBe(400);
    expect(aborted.headers['retry-after']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/protocol' })).statusCode).toBe(500);
    const ours = await app.inject({ method: 'GET', url: '/ours' });
    expect(ours.statusCode).toBe(500);
    expect(ours.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
