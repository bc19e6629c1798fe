import { apiClient } from '@campus/shared/api-client';
import type { ChangePasswordBody } from '@campus/shared/schemas';

/** POST /users/change-password (our path). Returns the server's confirmation text, if any. */
export async function changePassword(body: ChangePasswordBody): Promise<string | undefined> {
  const { data } = await apiClient.post<{ message?: string }>('/users/change-password', body);
  return data.message;
}
