/**
 * `npm run seed:demo -w @campus/api`: the demo (verified accounts, four stores
 * and their listings, a term of orders, payouts and views made through the
 * services) on the configured database, PostgreSQL included. Only into a
 * database without accounts, never with NODE_ENV=production, and only with the
 * built-in Paystack sandbox (no PAYSTACK_SECRET_KEY). The API is not running
 * meanwhile: the sandbox's webhooks for these payments are not delivered
 * (the payments were verified, as a returning browser does).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app';
import { catalogueIsEmpty, seedCatalogueDemo } from '../src/catalogue';
import { loadConfig } from '../src/config';
import { seedDemoData } from '../src/db/seed';
import { demoHistoryWanted, seedDemoHistory } from '../src/demo';
import { startPaystackSandbox } from '../src/money';

async function main(): Promise<void> {
  const envFile = path.resolve(__dirname, '..', '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  if (process.env.NODE_ENV === 'production') throw new Error('The demo is never seeded with NODE_ENV=production.');
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
  const app = await buildApp(config, { seedDemoData: false });
  try {
    const accounts = await seedDemoData(app);
    if (accounts.length === 0) {
      process.stdout.write('The database already has accounts: the demo is seeded only into an empty one.\n');
      return;
    }
    if (await catalogueIsEmpty(app)) accounts.push(...(await seedCatalogueDemo(app)));
    const sandbox = await startPaystackSandbox(app, config.port);
    if (!sandbox) throw new Error('The demo history pays on the built-in Paystack sandbox: unset PAYSTACK_SECRET_KEY.');
    try {
      if (await demoHistoryWanted(app)) {
        const history = await seedDemoHistory(app, sandbox);
        process.stdout.write(`Demo history: ${history.orders} orders.\n`);
        if (history.toAccept)
          process.stdout.write(
            `Accept Order: ${history.toAccept.storeEmail}, order ${history.toAccept.orderCode}, code ${history.toAccept.completionCode}\n`,
          );
      }
    } finally {
      sandbox.webhooks.close();
      await sandbox.app.close();
    }
    process.stdout.write(`Demo accounts (password ${accounts[0]?.password ?? ''}):\n${accounts.map((a) => `  ${a.email}`).join('\n')}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
