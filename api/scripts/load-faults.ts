/**
 * The faults of `npm run load -- --faults`, one after another under the load (load.ts), each in a
 * window of the run:
 *
 * 1. PostgreSQL restarted (pg_ctl restart, fast): the instances reconnect without a restart.
 * 2. Redis hung for 30 s (SIGSTOP: it answers nothing; ioredis waits its 2 s command timeout):
 *    the limits count in the database meanwhile, the site answers.
 * 3. The S3 store hung for 30 s: a photo upload fails whole with the clear text; browsing and
 *    paying go on.
 * 4. Paystack slow: the sandbox hung for 15 s (every call answered 15 s late).
 * 5. Paystack answering 500 for 30 s (the sandbox's own switch, FAULTS_PATH).
 *
 * A hung process is the harder outage for a client (a refused connection fails at once; the API
 * tests stop Redis and S3 outright: counter-stores.test.ts, s3-storage.test.ts). What each window
 * may answer is judged by load.ts's report from the 5xx it records.
 */
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { MESSAGES } from '@campus/shared/messages';
import { postgresProgram } from '../src/backup/postgres-tools';
import { FAULTS_PATH } from '../src/money/payments/sandbox/server';

export interface FaultWindow {
  name: string;
  /** Milliseconds since the load began. */
  from: number;
  to: number;
  /** The 5xx this fault may cause, by route (a checkout told Paystack is down: its 502). */
  allows: (route: string, status: number, body: string) => boolean;
  /** What was checked in the window besides the 5xx (the upload's refusal), and whether it held. */
  probe?: { what: string; held: boolean };
}

/** When each fault begins and how long it lasts, in seconds from the load's start. */
export interface FaultSchedule {
  postgresAt: number;
  redis: [at: number, lasts: number];
  s3: [at: number, lasts: number];
  /** Paystack slow: hung for 15 s, its client's time-out. */
  paystackSlowAt: number;
  paystackFailing: [at: number, lasts: number];
}

/** A fault a minute, under the full load (6.5 minutes). */
export const FULL_SCHEDULE: FaultSchedule = {
  postgresAt: 45,
  redis: [105, 30],
  s3: [165, 30],
  paystackSlowAt: 225,
  paystackFailing: [285, 30],
};
/** The same faults closer together (CI's step, 2.5 minutes under a lighter load). */
export const QUICK_SCHEDULE: FaultSchedule = {
  postgresAt: 15,
  redis: [30, 15],
  s3: [55, 20],
  paystackSlowAt: 85,
  paystackFailing: [110, 15],
};

export interface FaultTargets {
  apiUrl: string;
  paystackUrl: string;
  paystackKey: string;
  postgresDataDir: string;
  services: Record<string, number | null>;
  /** A store owner's session and store, for the upload. */
  seller: { token: string; sellerId: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const none = () => false;

/** The processes paused now: let go however this process ends (Ctrl-C, a CI time-out), never left stopped. */
const paused = new Set<number>();
const resumeAll = () => {
  for (const pid of paused) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone already.
    }
  }
  paused.clear();
};
process.once('exit', resumeAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    resumeAll();
    process.kill(process.pid, signal);
  });

/** Pauses the process for `ms` (SIGSTOP), then lets it go, even when `during` fails. */
async function pausedFor<T>(pid: number | null | undefined, what: string, ms: number, during: () => Promise<T>): Promise<T> {
  if (!pid) throw new Error(`no process for ${what} in the cluster's state`);
  const from = Date.now();
  paused.add(pid);
  process.kill(pid, 'SIGSTOP');
  try {
    const result = await during();
    await sleep(Math.max(0, ms - (Date.now() - from)));
    return result;
  } finally {
    paused.delete(pid);
    process.kill(pid, 'SIGCONT');
  }
}

async function uploadWhileStoreHangs(targets: FaultTargets): Promise<{ what: string; held: boolean }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Load-run lamp',
    description: 'Bright',
    price: '2,000',
    stockQuantity: '3',
    categoryId: 'electronics',
  }))
    form.append(name, value);
  form.append('files', new Blob([png], { type: 'image/png' }), 'lamp.png');
  const answer = await fetch(`${targets.apiUrl}/api/v1/sellers/${targets.seller.sellerId}/catalogue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${targets.seller.token}` },
    body: form,
  });
  const body = (await answer.json().catch(() => ({}))) as { message?: string };
  const held = answer.status === 503 && body.message === MESSAGES.uploads.storageUnavailable;
  return { what: `an upload answered ${answer.status} "${body.message ?? ''}"`, held };
}

async function setPaystackFault(targets: FaultTargets, fault: { status?: number; delayMs?: number; forMs: number }): Promise<void> {
  const answer = await fetch(`${targets.paystackUrl}${FAULTS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${targets.paystackKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!answer.ok) throw new Error(`the sandbox refused the fault: ${answer.status}`);
}

const paystackDown = (route: string, status: number, body: string) =>
  route === 'POST /payments/initiate' && status >= 500 && body.includes(MESSAGES.payment.providerDown);

/** Runs the faults on their schedule from `started` (Date.now() at the load's start); answers the windows. */
export async function runFaults(
  targets: FaultTargets,
  schedule: FaultSchedule,
  started: number,
  log: (line: string) => void,
): Promise<FaultWindow[]> {
  const since = () => Date.now() - started;
  const at = async (seconds: number) => {
    const wait = started + seconds * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
  };
  const windows: FaultWindow[] = [];

  await at(schedule.postgresAt);
  log('fault: restarting PostgreSQL');
  let from = since();
  const pgCtl = postgresProgram('pg_ctl');
  const args = ['restart', '-D', targets.postgresDataDir, '-m', 'fast', '-w', '-t', '60'];
  // Not execFileSync: the load runs on this event loop and must go on sending during the restart. Its exit,
  // not its pipes' close: the new postmaster would hold inherited pipes open for good.
  const restart = spawn(isRoot ? 'runuser' : pgCtl, isRoot ? ['-u', 'postgres', '--', pgCtl, ...args] : args, { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve, reject) => {
    restart.once('exit', resolve);
    restart.once('error', reject);
  });
  if (code !== 0) throw new Error(`pg_ctl restart failed (exit ${code})`);
  // A request the restart cut answers 503 (try again), never a 500 of ours.
  windows.push({ name: 'PostgreSQL restarted', from, to: since(), allows: (_route, status) => status === 503 });

  const [redisAt, redisLasts] = schedule.redis;
  await at(redisAt);
  log(`fault: Redis hung for ${redisLasts} s`);
  from = since();
  await pausedFor(targets.services.redis, 'Redis', redisLasts * 1000, async () => undefined);
  windows.push({ name: `Redis hung ${redisLasts} s`, from, to: since(), allows: none });

  const [s3At, s3Lasts] = schedule.s3;
  await at(s3At);
  log(`fault: the S3 store hung for ${s3Lasts} s`);
  from = since();
  const probe = await pausedFor(targets.services.s3, 'the S3 store', s3Lasts * 1000, async () => {
    await sleep(2000);
    return uploadWhileStoreHangs(targets);
  });
  windows.push({ name: `S3 store hung ${s3Lasts} s`, from, to: since(), allows: none, probe });

  await at(schedule.paystackSlowAt);
  log('fault: Paystack slow (the sandbox hung for 15 s)');
  from = since();
  await pausedFor(targets.services['paystack-sandbox'], 'the Paystack sandbox', 15_000, async () => undefined);
  windows.push({ name: 'Paystack slow 15 s', from, to: since(), allows: paystackDown });

  const [failingAt, failingLasts] = schedule.paystackFailing;
  await at(failingAt);
  log(`fault: Paystack answering 500 for ${failingLasts} s`);
  from = since();
  await setPaystackFault(targets, { status: 500, forMs: failingLasts * 1000 });
  await sleep(failingLasts * 1000);
  windows.push({ name: `Paystack answering 500 for ${failingLasts} s`, from, to: since(), allows: paystackDown });
  return windows;
}
