import { apiClient } from '@campus/shared/api-client';
import type { Envelope, User } from '@campus/shared/types';
import type { UpdateProfileBody } from '@campus/shared/schemas';

/** PUT /users/profile → the updated user. */
export async function updateProfile(body: UpdateProfileBody): Promise<{ user: User; message?: string }> {
  const { data } = await apiClient.put<Envelope<User>>('/users/profile', body);
  return { user: data.data, message: data.message };
}
