import { call } from '@campus/shared/call';
import { readApiError } from '@campus/shared/api-client';
import { sellers } from '@campus/shared/endpoints';
import { sellerSummarySchema, type SellerSummary } from '@campus/shared/schemas';

/**
 * GET /seller/profile: the student's store, which may have been opened on another device (the session
 * this device stored still says "not a seller"). Null when the API says there is none (404); a
 * failure to ask is thrown.
 */
export async function findMyStore(signal?: AbortSignal): Promise<SellerSummary | null> {
  try {
    return sellerSummarySchema.parse((await call(sellers.getMySellerProfile, undefined, { signal })).data);
  } catch (error) {
    if (readApiError(error).status === 404) return null;
    throw error;
  }
}
