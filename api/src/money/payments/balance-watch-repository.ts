/**
 * What the balance watch (balance-watch.ts) reads besides the ledger: the money
 * on its way out, which Paystack has taken from its balance and the ledger not yet.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payouts, refunds } from '../../db/schema';

/** Money Paystack has already taken out of the balance and the ledger not yet: transfers sent and refunds asked for, with no final word. */
export async function moneyOnItsWayKobo(db: DbOrTx): Promise<number> {
  const [transfers] = await db
    .select({ kobo: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), isNotNull(payouts.transferCode)));
  const [asked] = await db
    .select({ kobo: sql<string>`coalesce(sum(${refunds.amountKobo}), 0)` })
    .from(refunds)
    .where(inArray(refunds.status, ['requested', 'needs-account']));
  return Number(transfers?.kobo ?? 0) + Number(asked?.kobo ?? 0);
}
