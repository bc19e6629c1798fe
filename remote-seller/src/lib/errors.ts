import { readApiError } from '@campus/shared/api-client';

/** Spec section 8: "Server message text is shown where no fixed text is listed". */
export function serverMessageOr(error: unknown, fallback: string): string {
  return readApiError(error).serverMessage ?? fallback;
}
