import { MESSAGES } from '@campus/shared/messages';
import type { ApiErrorInfo } from '@campus/shared/api-client';
import { connectivityMessage, loginErrorMessage, registerErrorMessage, verifyErrorMessage } from './error-messages';

const http = (status: number, serverMessage?: string): ApiErrorInfo => ({ status, serverMessage, kind: 'http' });
const other = (kind: ApiErrorInfo['kind']): ApiErrorInfo => ({ status: undefined, serverMessage: undefined, kind });

describe('connectivityMessage (spec section 8, read off the login call itself)', () => {
  it('says nothing when the server answered, whatever the status', () => {
    expect(connectivityMessage(http(401))).toBeUndefined();
    expect(connectivityMessage(http(502))).toBeUndefined();
  });
  it('maps a timeout, a network error and anything else without an answer', () => {
    expect(connectivityMessage(other('timeout'))).toBe(MESSAGES.connectivity.timeout);
    expect(connectivityMessage(other('network'))).toBe(MESSAGES.connectivity.network);
    expect(connectivityMessage(other('unknown'))).toBe(MESSAGES.connectivity.other);
  });
});

describe('loginErrorMessage', () => {
  it.each([
    [401, MESSAGES.login.unauthorized],
    [403, MESSAGES.login.unverified],
    [404, MESSAGES.login.notFound],
    [500, MESSAGES.login.serverError],
    [503, MESSAGES.login.serverError],
  ])('status %i', (status, text) => expect(loginErrorMessage(http(status, 'ignored'))).toBe(text));
  it('shows the server message for other statuses, else the fallback', () => {
    expect(loginErrorMessage(http(429, 'Too many attempts'))).toBe('Too many attempts');
    expect(loginErrorMessage(http(418))).toBe(MESSAGES.login.failed);
    expect(loginErrorMessage(other('timeout'))).toBe(MESSAGES.connectivity.timeout);
  });
});

describe('registerErrorMessage', () => {
  it('400: the server message, else the fixed text', () => {
    expect(registerErrorMessage(http(400, 'Bad name'))).toBe('Bad name');
    expect(registerErrorMessage(http(400))).toBe(MESSAGES.register.invalid);
  });
  it('409', () => expect(registerErrorMessage(http(409, 'dup'))).toBe(MESSAGES.register.emailExists));
  it('5xx: the server text, else the fallback', () => {
    expect(registerErrorMessage(http(500, 'Something went wrong'))).toBe('Something went wrong');
    expect(registerErrorMessage(http(500))).toBe(MESSAGES.register.failed);
  });
});

describe('verifyErrorMessage', () => {
  it.each([
    [400, MESSAGES.verify.invalidCode],
    [404, MESSAGES.verify.emailNotFound],
    [429, MESSAGES.verify.failed],
    [500, MESSAGES.verify.failed],
  ])('status %i', (status, text) => expect(verifyErrorMessage(http(status, 'x'))).toBe(text));
  it('network', () => expect(verifyErrorMessage(other('network'))).toBe(MESSAGES.verify.failed));
});
