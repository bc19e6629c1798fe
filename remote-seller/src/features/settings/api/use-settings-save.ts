import { messageOr } from '@campus/shared/api-client';
import { useState } from 'react';
import { SETTINGS_MESSAGE_MS } from '@campus/shared/constants';
import type { EndpointMultipart, sellers } from '@campus/shared/endpoints';
import type { SellerProfile } from '@campus/shared/schemas';
import { useBanner } from '../../../components/Banner';
import { refreshSessionSeller, updateStore } from './store-settings';

/**
 * One settings save (either tab): PUT /sellers/{id}, then the session's seller
 * read again (a failed refresh ignored), then the tab's banner, which vanishes
 * after 5 s (spec section 4). Answers the saved store, or null when refused.
 */
export function useSettingsSave(sellerId: string, texts: { success: string; failure: string }) {
  const [banner, setBanner] = useBanner(SETTINGS_MESSAGE_MS);
  const [saving, setSaving] = useState(false);
  const save = async (upload: EndpointMultipart<typeof sellers.updateStore>): Promise<SellerProfile | null> => {
    setSaving(true);
    try {
      const profile = await updateStore(sellerId, upload);
      await refreshSessionSeller();
      setBanner({ status: 'success', text: texts.success });
      return profile;
    } catch (error) {
      setBanner({ status: 'error', text: messageOr(error, texts.failure) });
      return null;
    } finally {
      setSaving(false);
    }
  };
  return { banner, setBanner, saving, save };
}
