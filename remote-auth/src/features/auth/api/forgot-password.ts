import { apiClient } from '@campus/shared/api-client';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/forgot-password: always the same neutral answer. */
export async function forgotPassword(body: EmailOnlyBody): Promise<void> {
  await apiClient.post('/auth/forgot-password', body);
}
