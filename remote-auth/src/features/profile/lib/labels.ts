import type { ApiErrorInfo } from '@campus/shared/api-client';
import { DEFAULT_ROLE_LABEL } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import type { User } from '@campus/shared/types';

/** Plain accounts read as the spec's default label; any other role is shown capitalised. */
export function roleLabel(role: string | null | undefined): string {
  const value = (role ?? '').trim();
  if (!value || ['user', 'customer', 'buyer', 'student'].includes(value.toLowerCase())) return DEFAULT_ROLE_LABEL;
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

export function sellerStatusLabel(user: Pick<User, 'isSeller' | 'sellerCompleted' | 'seller'>, isSeller: boolean) {
  return isSeller || user.isSeller || user.sellerCompleted || user.seller ? 'Completed' : 'Not Completed';
}

/** Load failures: account problems ask to sign in again, anything else to retry. */
export function profileLoadMessage(info: ApiErrorInfo): string {
  if (info.status === 401 || info.status === 403 || info.status === 404) return MESSAGES.profile.fetchFailed;
  return MESSAGES.profile.loadFailed;
}
