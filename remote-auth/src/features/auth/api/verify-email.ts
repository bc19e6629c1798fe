import { apiClient } from '@campus/shared/api-client';
import type { VerifyEmailBody } from '@campus/shared/schemas';

/** POST /auth/email/verify. */
export async function verifyEmail(body: VerifyEmailBody): Promise<void> {
  await apiClient.post('/auth/email/verify', body);
}
