/**
 * What remotes tell each other, declared once. Names are `area:thing-happened`.
 * Pure types: the browser bus lives in browser/event-bus.ts.
 */
import type { SellerSummary, User } from './schemas/entities';

export type AppEvents = {
  'cart:count-changed': { count: number };
  'wishlist:count-changed': { count: number };
  'seller:status-changed': { isSeller: boolean; seller: SellerSummary | null };
  'session:signed-in': { user: User };
  'session:signed-out': Record<string, never>;
  'session:user-updated': { user: User };
  /** Accept Order: from the chrome's button (no order yet) or an open order's row (that order picked). */
  'order:completion-requested': { order?: { id: string; orderCode: string; buyerFirstName?: string | undefined } };
};

export type AppEventName = keyof AppEvents;
