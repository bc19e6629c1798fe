/** The process: load config, build the app, listen, and close cleanly on SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError } from './db/lock';
import { demoHistoryWanted, seedDemoHistory, type DemoHistorySummary } from './demo';
import { startPaystackSandbox, type PaystackSandbox } from './money';

/** api/.env, when there is one (api/.env.example lists what it may hold); variables already set win. */
const ENV_FILE = path.resolve(__dirname, '..', '.env');

async function main(): Promise<void> {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
  const config = loadConfig();
  // The database first: a second server on the same directory is refused with the lock's message.
  const app = await buildApp(config);
  // Without a Paystack key the API takes payments from its built-in sandbox, on its own loopback port.
  let sandbox: PaystackSandbox | null = null;
  const paystack = config.payments.paystack;
  try {
    sandbox = await startPaystackSandbox(app, config.port);
  } catch (error) {
    await app.close();
    throw error;
  }
  // A fresh demo database gets a term of orders, payouts and views, made through the services on the sandbox,
  // before the API listens (the sandbox's webhooks for them arrive later and find them done).
  let demoHistory: DemoHistorySummary | null = null;
  if (sandbox && app.demoAccounts.length > 0 && (await demoHistoryWanted(app))) {
    const started = Date.now();
    try {
      demoHistory = await seedDemoHistory(app, sandbox);
      app.log.info(`demo history: ${demoHistory.orders} orders over a term in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      // The product starts without it: the demo stores and accounts are there.
      app.log.error({ err: error }, 'demo history not made');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Closes the database too (PGlite must be closed cleanly).
      await app.close();
      await sandbox?.app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second Ctrl-C must not kill the process before PGlite is closed.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The port is taken, say: close the database (PGlite's lock, PostgreSQL's pool) before exiting.
    await sandbox?.app.close();
    await app.close();
    throw error;
  }
  // Whatever was left half-way (a webhook missed while down, a payout not sent) is picked up now and every interval.
  app.payments.start();
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.database.dir}`;
  app.log.info(`database: ${where}`);
  if (app.mailer.mailbox) app.log.info(`dev mailbox: http://localhost:${config.port}/dev/mailbox`);
  if (config.apiDocs) app.log.info(`API docs: http://localhost:${config.port}/api/docs`);
  if (sandbox)
    app.log.info(
      `payments: Paystack sandbox at ${paystack.kind === 'sandbox' ? paystack.publicUrl : ''} (set PAYSTACK_SECRET_KEY for Paystack itself)`,
    );
  else app.log.info(`payments: Paystack at ${paystack.kind === 'paystack' ? paystack.baseUrl : ''}`);
  if (app.demoAccounts.length > 0) {
    const lines = app.demoAccounts.map((a) => `  ${a.email} / ${a.password}  (${a.purpose})`);
    process.stdout.write(`\nDemo accounts (already verified):\n${lines.join('\n')}\n\n`);
  }
  if (demoHistory) process.stdout.write(demoTryThis(demoHistory));
}

/** What to try in the demo (README, "Demo"): an order to accept with its code, one to dispute. */
function demoTryThis(history: DemoHistorySummary): string {
  const lines = [];
  if (history.toAccept)
    lines.push(
      `  Accept Order: sign in as ${history.toAccept.storeEmail} (${history.toAccept.store}), order ${history.toAccept.orderCode}, code ${history.toAccept.completionCode}`,
    );
  if (history.toDispute)
    lines.push(
      `  Open a dispute: as the demo buyer, Profile → Orders, order ${history.toDispute.orderCode} from ${history.toDispute.store}`,
    );
  return lines.length ? `Try in the demo:\n${lines.join('\n')}\n\n` : '';
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(`\nThe API could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
