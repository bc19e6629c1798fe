/**
 * What remotes tell each other, declared once. Names are `area:thing-happened`.
 * Pure types: the browser bus lives in browser/event-bus.ts.
 */
import type { SellerSummary, User } from './schemas/entities';
import type { ChatMessage } from './schemas/messages';

export type AppEvents = {
  'cart:count-changed': { count: number };
  'wishlist:count-changed': { count: number };
  'seller:status-changed': { isSeller: boolean; seller: SellerSummary | null };
  'session:signed-in': { user: User };
  'session:signed-out': Record<string, never>;
  'session:user-updated': { user: User };
  /** Accept Order: from the chrome's button (no order yet) or an open order's row (that order picked). */
  'order:completion-requested': { order?: { id: string; orderCode: string; buyerFirstName?: string | undefined } };
  /**
   * The live event stream's events (GET /events/stream), put on the bus by the one stream a
   * signed-in page keeps open (`@campus/shared/live-events`). Never relayed to other tabs:
   * each tab has its own stream.
   */
  'messages:received': { conversationId: string; message: ChatMessage };
  'messages:read': { conversationId: string; side: 'buyer' | 'seller'; readSeq: number };
  'messages:unread-total': { total: number };
  'orders:status-changed': { orderId: string; orderCode: string; status: string; role: 'buyer' | 'seller' };
  /**
   * A screen's main content is on screen (the marketplace's first results, a product): the shell
   * starts its own secondary work then (the navbar's counts), so it never competes with what the
   * student opened the page for. Optional: for a screen that never says, the shell waits for the
   * page's load and a quiet moment instead (shell/src/app/layout/main-content.ts). Never relayed.
   */
  'page:main-content-shown': { path: string };
};

export type AppEventName = keyof AppEvents;
