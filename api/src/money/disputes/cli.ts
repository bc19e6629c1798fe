/**
 * The campus team's dispute desk until the operations console exists:
 *
 *   npm run disputes -w @campus/api -- list [--all]
 *   npm run disputes -w @campus/api -- show <dispute id>
 *   npm run disputes -w @campus/api -- decide <dispute id> refund|release --reason "..."
 *   npm run disputes -w @campus/api -- decide <dispute id> part <naira> --reason "..."
 *
 * Same settings as the server (DATABASE_URL or DATA_DIR). The decision and its
 * ledger journal, refund row, payout and e-mails are written here; the running
 * API's reconciliation (every PAYMENTS_RECONCILE_SECONDS) sends them out. With
 * the embedded database (no DATABASE_URL) stop the server first: its data
 * directory allows one process at a time.
 */
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DomainError } from '../../lib/domain-errors';
import { USAGE, UsageError, parseDecision } from './cli-args';
import { decideDispute, listDisputes } from './service';
import { disputesOfOrders } from '../orders/dispute-repository';

const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command !== 'list' && command !== 'show' && command !== 'decide') throw new UsageError(USAGE);
  const decision = command === 'decide' ? parseDecision(args) : null;
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    if (command === 'list') {
      const rows = await listDisputes(database.db, !args.includes('--all'));
      if (rows.length === 0) console.log(args.includes('--all') ? 'No disputes.' : 'No open disputes.');
      for (const r of rows) {
        console.log(
          [
            `${r.dispute.id}  ${r.dispute.status.padEnd(13)} order ${r.orderCode} (${r.orderStatus}) ${naira(r.totalKobo)}`,
            `  store ${r.storeName}, buyer ${r.buyerEmail}, opened ${r.dispute.openedAt.toISOString()}, ${r.statements} statement(s)`,
            `  reason: ${r.dispute.reason}`,
          ].join('\n'),
        );
      }
    } else if (command === 'show') {
      const id = args[0];
      const row = (await listDisputes(database.db, false)).find((r) => r.dispute.id === id);
      if (!row) throw new UsageError(`No dispute ${id ?? ''}.`);
      const view = (await disputesOfOrders(database.db, [row.dispute.orderId])).get(row.dispute.orderId);
      console.log(
        `${row.dispute.id}  ${row.dispute.status}  order ${row.orderCode} ${naira(row.totalKobo)}  store ${row.storeName}  buyer ${row.buyerEmail}`,
      );
      console.log(`reason: ${row.dispute.reason}`);
      for (const s of view?.statements ?? [])
        console.log(`- ${s.createdAt} ${s.author}: ${s.text}${s.imageUrls.length ? ` [photos: ${s.imageUrls.join(', ')}]` : ''}`);
    } else if (decision) {
      const result = await decideDispute(database.db, decision.disputeId, decision.decision, { config, now: new Date() });
      console.log(
        `Dispute ${result.disputeId} ${result.status}: refunded ${naira(result.refundKobo)}, released ${naira(result.releasedKobo)} (${naira(result.paidOutKobo)} to the store after fees). Both sides are e-mailed; the API sends the refund, and the store's next payout the rest.`,
      );
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof UsageError || err instanceof DomainError || err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
