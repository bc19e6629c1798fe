import { apiClient } from '@campus/shared/api-client';

/**
 * GET /auth/me before signing in, to tell "server down" from "wrong password".
 * A guest gets 401 here, so the request opts out of the 401 redirect.
 */
export async function checkConnectivity(): Promise<void> {
  await apiClient.get('/auth/me', { skipAuthRedirect: true });
}
