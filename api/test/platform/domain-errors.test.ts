/**
 * Domains throw DomainErrors that know nothing of HTTP; the errors plugin is the one
 * place that turns each kind into its status, in the one error shape.
 */
import Fastify from 'fastify';
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
