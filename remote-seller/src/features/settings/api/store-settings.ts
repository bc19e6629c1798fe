import { call } from '@campus/shared/call';
import { sellers, type EndpointMultipart } from '@campus/shared/endpoints';
import { sellerSummarySchema, type SellerProfile } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';

/** PUT /sellers/{id} (multipart): the Store Info payload or the Payments payload. */
export async function updateStore(sellerId: string, upload: EndpointMultipart<typeof sellers.updateStore>): Promise<SellerProfile> {
  return (await call(sellers.updateStore, { params: { id: sellerId }, ...upload })).data;
}

/**
 * Spec section 4: after a settings save the session's seller data is read
 * again (GET /seller/profile); a failed refresh is ignored.
 */
export async function refreshSessionSeller(): Promise<void> {
  try {
    const profile = (await call(sellers.getMySellerProfile)).data;
    sessionStore.getState().setSeller(sellerSummarySchema.parse(profile));
  } catch {
    // The save itself succeeded; the session keeps what it had until the next sign-in.
  }
}
