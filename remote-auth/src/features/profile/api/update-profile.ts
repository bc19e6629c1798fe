import { call } from '@campus/shared/call';
import { accounts } from '@campus/shared/endpoints';
import type { UpdateProfileBody, User } from '@campus/shared/schemas';

/** PUT /users/profile → the updated user. */
export async function updateProfile(body: UpdateProfileBody): Promise<{ user: User; message?: string }> {
  const answer = await call(accounts.updateProfile, { body });
  return { user: answer.data, message: answer.message };
}
