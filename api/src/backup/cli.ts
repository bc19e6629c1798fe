/**
 * Backups of the running product, with the server's own settings (DATA_DIR, or DATABASE_URL and
 * the S3_* store):
 *
 *   npm run backup                  a new folder under BACKUP_DIR (default: backups/ beside DATA_DIR)
 *   npm run backup -- --out <dir>   into <dir> (new or empty)
 *   npm run restore -- <dir>        into the configured database and photo store, both empty
 *
 * A restore prints what it found in the restored data and fails when a ledger journal does not
 * balance. docs/deploying.md has the routine and PostgreSQL's point-in-time recovery.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { takeBackup, restoreBackup } from './backup';
import { BackupError } from './manifest';

const USAGE = 'Usage: npm run backup [-- --out <dir>]   |   npm run restore -- <backup dir>';

/** Paths as typed, from where npm was run (npm runs this script in api/). */
const typed = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const say = (line: string) => console.log(`  ${line}`);
  if (command === 'backup') {
    const outFlag = rest.indexOf('--out');
    if (outFlag >= 0 && !rest[outFlag + 1]) throw new BackupError(USAGE);
    const root = process.env.BACKUP_DIR ? typed(process.env.BACKUP_DIR) : path.join(path.dirname(config.dataDir), 'backups');
    const out = typed(outFlag >= 0 ? (rest[outFlag + 1] ?? '') : path.join(root, stamp(new Date())));
    console.log(`Backing up into ${out}`);
    const manifest = await takeBackup(config, out, say);
    console.log(
      `Backup done: the database as of ${manifest.databaseCopiedAt}, ${manifest.photos} photos. Restore with: npm run restore -- ${out}`,
    );
    return;
  }
  if (command === 'restore' && rest[0]) {
    const from = typed(rest[0]);
    console.log(`Restoring ${from}`);
    const report = await restoreBackup(config, from, say);
    const paid = report.payments.success ?? 0;
    console.log(`  ledger: ${report.ledgerEntries} entries, ${report.unbalancedJournals.length} journals out of balance`);
    console.log(`  payments: ${JSON.stringify(report.payments)} (${paid} paid); orders: ${report.orders}`);
    if (report.unbalancedJournals.length > 0) {
      console.error(
        `Restored, but these journals do not balance: ${report.unbalancedJournals.join(', ')}. Do not open the product on this copy.`,
      );
      process.exitCode = 1;
      return;
    }
    console.log('Restore done: start the product on it.');
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // What the operator can act on as one sentence (the embedded database in use by a server that is starting, say); the rest with its stack.
  const known =
    error instanceof ConfigError || error instanceof BackupError || (error instanceof Error && error.name === 'DatabaseLockedError');
  console.error(known ? error.message : error);
  process.exitCode = 1;
});
