/**
 * The pickup details, asked once and remembered for the student's next
 * checkout. Kept in this browser, per user id, rather than on the
 * server: they are a convenience the buyer confirms on every checkout (each
 * order stores its own copy), so no account field, migration or API change is
 * needed; another student signing in on the same browser does not see them.
 */
import { pickupDetailsSchema, type PickupDetails } from '@campus/shared/schemas';
import { readJson, STORAGE_KEYS } from '@campus/shared/storage';

export function recallPickup(userId: string): PickupDetails | null {
  const parsed = pickupDetailsSchema.safeParse(readJson<unknown>(STORAGE_KEYS.pickupDetails(userId)));
  return parsed.success ? parsed.data : null;
}

export function rememberPickup(userId: string, details: PickupDetails): void {
  try {
    localStorage.setItem(STORAGE_KEYS.pickupDetails(userId), JSON.stringify(details));
  } catch {
    // Storage full or blocked: the checkout goes on; the form asks again next time.
  }
}
