import { apiClient } from '@campus/shared/api-client';
import type { EmailOnlyBody } from '@campus/shared/schemas';

/** POST /auth/email/resend (our path; the spec leaves it open). */
export async function resendVerification(body: EmailOnlyBody): Promise<void> {
  await apiClient.post('/auth/email/resend', body);
}
