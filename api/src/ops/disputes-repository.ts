/**
 * What the console reads for a dispute besides the money domain's own view of it: the
 * message thread of the order (the messages domain's tables). Queries only; disputes.ts.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { conversations, messages, users } from '../db/schema';

/** The messages of the conversations about an order, oldest first, with their senders' e-mails. */
export async function orderMessages(db: DbOrTx, orderId: string): Promise<Array<{ from: string; text: string; createdAt: Date }>> {
  return db
    .select({ from: users.email, text: messages.text, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(conversations.orderId, orderId))
    .orderBy(messages.seq);
}
