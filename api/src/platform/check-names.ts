/**
 * `npm run check:names -w @campus/api`: the start-up check of stored names (name-check.ts), on
 * demand, printed as JSON; exit code 1 when it found anything. It never deletes or renames.
 * With an embedded database, stop the server first (the data directory allows one process at a time).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkStoredNames } from './name-check';

async function main(): Promise<void> {
  const database = await openDatabase(loadConfig().database);
  try {
    const report = await checkStoredNames(database.db);
    console.log(JSON.stringify(report, null, 2));
    if (report.invisible.length > 0 || report.lookalikeStores.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
