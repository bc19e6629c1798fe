import { apiClient } from '@campus/shared/api-client';
import type { Envelope, User } from '@campus/shared/types';
import type { RegisterBody } from '@campus/shared/schemas';

/** POST /auth/register → 201 with the new (unverified) user. */
export async function register(body: RegisterBody): Promise<{ user: User; message?: string }> {
  const { data } = await apiClient.post<Envelope<{ user: User }>>('/auth/register', body);
  return { user: data.data.user, message: data.message };
}
