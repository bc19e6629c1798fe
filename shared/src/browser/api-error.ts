/**
 * Reading a failed API call into one error shape, without axios: the query
 * client's retry rule needs it on every page, and axios (about 21 KB gzip)
 * loads only with the first API call (api-client.ts re-exports this).
 */
import type { ErrorBody } from '../http';

export interface ApiErrorInfo {
  /** HTTP status, or undefined for a network error / timeout. */
  status: number | undefined;
  /** The server's `message`, when it sent one. */
  serverMessage: string | undefined;
  kind: 'http' | 'timeout' | 'network' | 'unknown';
}

/** The fields of an axios error this module reads; axios marks its errors with `isAxiosError: true`. */
interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  response?: { status: number; data?: unknown };
}

function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Reads any thrown value into the one error shape the API answers with. */
export function readApiError(error: unknown): ApiErrorInfo {
  if (isAxiosLikeError(error)) {
    const body = error.response?.data as Partial<ErrorBody> | undefined;
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    if (error.response) return { status: error.response.status, serverMessage, kind: 'http' };
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return { status: undefined, serverMessage: undefined, kind: 'timeout' };
    }
    if (error.code === 'ERR_NETWORK') return { status: undefined, serverMessage: undefined, kind: 'network' };
  }
  // A request whose code could not be downloaded first (callers load with their first request; the
  // phone went offline, a release replaced the chunk): to the student, the connection failed.
  if (error instanceof Error && error.name === 'ChunkLoadError') return { status: undefined, serverMessage: undefined, kind: 'network' };
  return { status: undefined, serverMessage: undefined, kind: 'unknown' };
}

/**
 * What a failed call says to the student: the server's own message when it sent one, else the
 * screen's fixed text (spec section 8: "Server message text is shown where no fixed text is listed").
 */
export function messageOr(error: unknown, fallback: string): string {
  return readApiError(error).serverMessage ?? fallback;
}
