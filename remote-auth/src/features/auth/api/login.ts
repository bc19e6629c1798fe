import { apiClient } from '@campus/shared/api-client';
import type { Envelope, User } from '@campus/shared/types';
import type { LoginBody } from '@campus/shared/schemas';

export interface LoginResult {
  token: string;
  user?: User;
}

/** POST /auth/login. Wrong credentials answer 401: no redirect, the form shows the message. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const { data } = await apiClient.post<Envelope<LoginResult>>('/auth/login', body, {
    skipAuthRedirect: true,
  });
  return data.data;
}
