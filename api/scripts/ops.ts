/**
 * Operators of the operations console are made here, on the server, never through the API:
 *
 *   npm run ops -w @campus/api -- grant <email>
 *   npm run ops -w @campus/api -- revoke <email>
 *
 * The account must exist (sign up first). Same settings as the server (DATABASE_URL or
 * DATA_DIR); with the embedded database (no DATABASE_URL) stop the server first. Each change
 * is written to the audit log as the command line's action. The operator then opens /ops,
 * sets up an authenticator app from the QR code, and keeps the recovery codes.
 */
import { hostname, userInfo } from 'node:os';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { setOperator } from '../src/ops';

const USAGE = 'Usage: npm run ops -w @campus/api -- grant|revoke <email>';

async function main(argv: readonly string[]): Promise<void> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const database = await openDatabase(loadConfig().database);
  try {
    const who = `${userInfo().username}@${hostname()}`;
    const outcome = await setOperator(database.db, email, command === 'grant', who, new Date());
    const said = {
      granted: `${email} is now an operator. They open /ops to set up their second factor.`,
      revoked: `${email} is no longer an operator.`,
      unchanged: command === 'grant' ? `${email} was already an operator.` : `${email} was not an operator.`,
      'no-account': `No account with the e-mail ${email}: they sign up first.`,
    }[outcome];
    console.log(said);
    if (outcome === 'no-account') process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
