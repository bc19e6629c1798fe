/**
 * `npm run db:prepare -w @campus/api [-- --demo-data]`: the one-off step before API instances start
 * on a PostgreSQL server (scripts/start-cluster.mjs runs it once): applies the committed migrations
 * to DATABASE_URL and, with --demo-data (never under NODE_ENV=production), puts the demo accounts
 * and listings into a database that has no accounts yet. The instances then find nothing left to
 * migrate (each still checks, under an advisory lock: db/client.ts).
 */
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';

async function main(): Promise<void> {
  const demoData = process.argv.includes('--demo-data');
  const config = loadConfig();
  if (config.database.kind !== 'postgres') throw new Error('DATABASE_URL is not set: the embedded database is prepared by the API itself');
  if (demoData && config.nodeEnv === 'production') throw new Error('--demo-data is refused under NODE_ENV=production');
  const started = Date.now();
  // Building the app migrates (db/client.ts) and, asked to, seeds; nothing listens.
  const app = await buildApp(config, { seedDemoData: demoData });
  try {
    const seeded = app.demoAccounts.length > 0 ? `, demo data seeded (${app.demoAccounts.length} accounts)` : '';
    process.stdout.write(`Database prepared in ${((Date.now() - started) / 1000).toFixed(1)} s: migrations applied${seeded}.\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `db:prepare failed: ${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
