/**
 * The signed-in seller, from the shared session store (the shell hydrates it;
 * a remote started alone hydrates it the same way). Seller actions need a
 * seller id (spec section 5, 'Seller information not found').
 */
import { useSession } from '@campus/shared/session';

export function useSellerId(): string | null {
  return useSession((s) => s.seller?.id ?? null);
}

export function useStoreName(): string | null {
  return useSession((s) => s.seller?.catalogueName ?? null);
}
