import { apiClient } from '@campus/shared/api-client';
import type { ResetPasswordBody } from '@campus/shared/schemas';

/** POST /auth/reset-password with the token from the e-mailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await apiClient.post('/auth/reset-password', body);
}
