import { apiClient } from '@campus/shared/api-client';
import type { Envelope, User } from '@campus/shared/types';

/** GET /auth/me: the signed-in user, fresh from the server. */
export async function getMe(): Promise<User> {
  const { data } = await apiClient.get<Envelope<User>>('/auth/me');
  return data.data;
}
