import { call } from '@campus/shared/call';
import { sellers, type EndpointMultipart } from '@campus/shared/endpoints';
import type { SellerProfile } from '@campus/shared/schemas';

/** POST /sellers/register (multipart; spec section 7). */
export async function registerSeller(upload: EndpointMultipart<typeof sellers.registerSeller>): Promise<SellerProfile> {
  return (await call(sellers.registerSeller, upload)).data;
}
