/**
 * What the screen counts as unread. The API's `unread` is the truth (messages from the other
 * side after my read mark); a reply raises the sender's mark, so a conversation whose last
 * message is my own has nothing unread, and the screen never draws a dot for one (an older
 * API, or a list read before the reply, may still say otherwise).
 */
import type { Conversation } from '@campus/shared/schemas';

type Side = Conversation['role'];

export function unreadOf(conversation: Pick<Conversation, 'role' | 'unread' | 'lastMessage'>): number {
  if (conversation.lastMessage?.from === conversation.role) return 0;
  return Math.max(0, conversation.unread);
}

/** The unread messages on each side: my own conversations (buyer) and my store's (seller). */
export function unreadBySide(conversations: readonly Pick<Conversation, 'role' | 'unread' | 'lastMessage'>[]): Record<Side, number> {
  const counts: Record<Side, number> = { buyer: 0, seller: 0 };
  for (const conversation of conversations) counts[conversation.role] += unreadOf(conversation);
  return counts;
}
