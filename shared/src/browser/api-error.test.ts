import { readApiError } from './api-error';

describe('readApiError (no axios loaded)', () => {
  it("reads an axios error by its marker: the server's status and message, a timeout, a network error", () => {
    expect(readApiError({ isAxiosError: true, response: { status: 409, data: { message: 'Out of stock' } } })).toEqual({
      status: 409,
      serverMessage: 'Out of stock',
      kind: 'http',
    });
    expect(readApiError({ isAxiosError: true, code: 'ECONNABORTED' }).kind).toBe('timeout');
    expect(readApiError({ isAxiosError: true, code: 'ERR_NETWORK' }).kind).toBe('network');
  });

  it("reads a caller's chunk that could not be downloaded (webpack's ChunkLoadError) as a network error", () => {
    const chunkFailed = Object.assign(new Error('Loading chunk 4261 failed.'), { name: 'ChunkLoadError' });
    expect(readApiError(chunkFailed).kind).toBe('network');
  });

  it('reads anything else as unknown', () => {
    expect(readApiError(new Error('boom'))).toEqual({ status: undefined, serverMessage: undefined, kind: 'unknown' });
    expect(readApiError({ response: { status: 500 } }).kind).toBe('unknown');
    expect(readApiError(null).kind).toBe('unknown');
  });
});
