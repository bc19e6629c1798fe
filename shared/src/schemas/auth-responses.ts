/** What the account endpoints answer inside the `{ data, message? }` envelope. */
import { z } from 'zod';
import { userSchema } from './entities';

/** POST /auth/login → `{ data: { token, user } }`. */
export const loginResultSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** Kept by the browser per e-mail and sent with the next sign-in (a device that signed in before passes a lock-out). */
  deviceToken: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /auth/register → `{ data: { user } }` (no token: the e-mail must be verified first). */
export const registerResultSchema = z.object({ user: userSchema });
export type RegisterResult = z.infer<typeof registerResultSchema>;
