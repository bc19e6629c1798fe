import { call } from '@campus/shared/call';
import { sellers } from '@campus/shared/endpoints';
import type { SellerProfile } from '@campus/shared/schemas';

/** POST /sellers/register (multipart; spec section 7). */
export async function registerSeller(form: FormData): Promise<SellerProfile> {
  return (await call(sellers.registerSeller, { form })).data;
}
