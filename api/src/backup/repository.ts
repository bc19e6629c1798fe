/**
 * The backup's queries: how many migrations a database has applied (drizzle's journal), and what a
 * restore checks in the data it restored: the ledger's journals each sum to zero (a movement of
 * money copied half would not), and how many payments and orders came back.
 */
import { sql } from 'drizzle-orm';
import { resultRows, type Db } from '../db/client';

export async function appliedMigrations(db: Db): Promise<number> {
  const rows = resultRows<{ count: number | string }>(await db.execute(sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`));
  return Number(rows[0]?.count ?? 0);
}

export interface RestoreCheck {
  /** Journals whose entries do not sum to zero: none, or the copy is not to be trusted. */
  unbalancedJournals: string[];
  ledgerEntries: number;
  /** Payments by status (success: paid). */
  payments: Record<string, number>;
  orders: number;
}

export async function checkRestored(db: Db): Promise<RestoreCheck> {
  const unbalanced = resultRows<{ journal_id: string }>(
    await db.execute(sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount_kobo) <> 0 ORDER BY journal_id`),
  );
  const [entries] = resultRows<{ count: string | number }>(await db.execute(sql`SELECT count(*) AS count FROM ledger_entries`));
  const payments = resultRows<{ status: string; count: string | number }>(
    await db.execute(sql`SELECT status, count(*) AS count FROM payments GROUP BY status ORDER BY status`),
  );
  const [orders] = resultRows<{ count: string | number }>(await db.execute(sql`SELECT count(*) AS count FROM orders`));
  return {
    unbalancedJournals: unbalanced.map((row) => String(row.journal_id)),
    ledgerEntries: Number(entries?.count ?? 0),
    payments: Object.fromEntries(payments.map((row) => [row.status, Number(row.count)])),
    orders: Number(orders?.count ?? 0),
  };
}
