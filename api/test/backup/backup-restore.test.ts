/**
 * npm run backup / restore (src/backup), as the two ways the product is run:
 * - PGlite (the embedded default) with photos on disk: the backup asks the running API for its
 *   database (the lock keeps anyone else out of the directory);
 * - PostgreSQL with the photos in S3 (s3rver here): pg_dump's snapshot and the bucket's objects.
 *
 * A backup taken while students check out and pay, restored into an empty data directory (or an
 * empty database) and an empty photo store, holds every order paid before the copy began, with
 * its payment; every ledger journal balances; the restored product serves the products' photos.
 * A restore never goes over data: into a store or database that is not empty it is refused.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { sql } from 'drizzle-orm';
import { restoreBackup, takeBackup, BackupError } from '../../src/backup';
import { SNAPSHOT_PATH, endpointFileOf, readEndpoint } from '../../src/backup/embedded-endpoint';
import type { AppConfig } from '../../src/config';
import { openDatabase, resultRows } from '../../src/db/client';
import { createTestApp, onPostgres, testConfig } from '../helpers';
import { databaseUrl, withClient } from '../setup/database-template';
import { paidOrder, shopWith, startBench, type Bench, type Shop } from '../payments/harness';

jest.setTimeout(240_000);

const BUCKET = 'campus-photos';
const s3Env = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  // s3rver's own credentials: it checks each request's signature against them.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
});

const temp = (name: string) => mkdtempSync(path.join(os.tmpdir(), `campus-backup-${name}-`));

let s3: S3rver | null = null;
/** An S3-compatible server with the empty bucket (on `port`: the same store rebuilt after a loss). */
async function startS3(port = 0): Promise<string> {
  s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: temp('s3'), configureBuckets: [{ name: BUCKET }] });
  const address = await s3.run();
  return `http://127.0.0.1:${address.port}`;
}

let bench: Bench;
let liveConfig: AppConfig;
let s3Endpoint = '';
beforeAll(async () => {
  if (onPostgres) s3Endpoint = await startS3();
  bench = await startBench({
    pgliteDir: onPostgres ? null : path.join(temp('live'), 'pglite'),
    env: onPostgres ? s3Env(s3Endpoint) : {},
  });
  liveConfig = bench.app.config;
});
afterAll(async () => {
  await bench.close();
  await s3?.close();
});

/** The payments that were paid at this moment, by reference. */
async function paidReferences(app: FastifyInstance): Promise<string[]> {
  const rows = resultRows<{ reference: string }>(await app.db.execute(sql`SELECT reference FROM payments WHERE status = 'success'`));
  return rows.map((row) => row.reference).sort();
}

/**
 * An empty place to restore into, configured as the product would be: a new data directory; or a
 * new database and the S3 store rebuilt empty at its address (the photos' addresses are stored
 * with the products, so a store is restored where browsers read it: its S3_PUBLIC_URL).
 */
async function emptyTarget(): Promise<Record<string, string>> {
  const dataDir = temp('restored');
  if (!onPostgres) return { DATA_DIR: dataDir };
  await s3?.close();
  await startS3(Number(new URL(s3Endpoint).port));
  const server = process.env.DATABASE_URL ?? '';
  const name = `campus_restored_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // template0: truly empty (template1 may carry a server's own additions).
  await withClient(server, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE template0`));
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(server, name), ...s3Env(s3Endpoint) };
}

const pgliteDirOf = (env: Record<string, string>) => (onPostgres ? null : path.join(env.DATA_DIR ?? '', 'pglite'));

test(`a backup taken during checkouts restores into an empty ${onPostgres ? 'database and S3 bucket' : 'data directory'}: every order paid before it, the ledger balanced, the photos served`, async () => {
  const shops: Shop[] = [];
  for (const name of ['Backup books', 'Backup lamps']) shops.push(await shopWith(bench.app, name, '2,500', 40));
  for (const shop of shops) await paidOrder(bench, shop);
  await paidOrder(bench, shops[0] as Shop, 2);

  // Students keep buying while the backup runs.
  const checkouts = Array.from({ length: 6 }, (_, i) => paidOrder(bench, shops[i % 2] as Shop));
  const paidBefore = await paidReferences(bench.app);
  expect(paidBefore.length).toBeGreaterThanOrEqual(3);
  const out = path.join(temp('out'), 'backup');
  const manifest = await takeBackup(liveConfig, out);
  const during = await Promise.all(checkouts);
  expect(during).toHaveLength(6);

  expect(manifest).toMatchObject({ database: onPostgres ? 'postgres' : 'pglite', photoStorage: onPostgres ? 's3' : 'disk' });
  // Each product's photo, in its sizes, is in the backup.
  expect(manifest.photos).toBeGreaterThanOrEqual(shops.length * 2);

  const targetEnv = await emptyTarget();
  const target = testConfig(targetEnv, pgliteDirOf(targetEnv));
  const report = await restoreBackup(target, out);
  expect(report.unbalancedJournals).toEqual([]);
  expect(report.ledgerEntries).toBeGreaterThan(0);
  expect(report.photos).toBe(manifest.photos);

  const restored = await openDatabase(target.database);
  try {
    // Every payment paid before the copy began is there, paid, with its order and its journal.
    const rows = resultRows<{ reference: string; status: string; orders: string | number; journals: string | number }>(
      await restored.db.execute(sql`
        SELECT p.reference, p.status,
               (SELECT count(*) FROM orders o WHERE o.payment_id = p.id) AS orders,
               (SELECT count(*) FROM ledger_entries e WHERE e.payment_id = p.id) AS journals
        FROM payments p WHERE p.status = 'success'`),
    );
    const byReference = new Map(rows.map((row) => [row.reference, row]));
    for (const reference of paidBefore) {
      const row = byReference.get(reference);
      expect(row).toMatchObject({ reference, status: 'success' });
      expect(Number(row?.orders)).toBeGreaterThanOrEqual(1);
      expect(Number(row?.journals)).toBeGreaterThanOrEqual(2);
    }
    // Payments made during the copy are in it whole or not at all: none paid without its order.
    for (const row of rows) expect(Number(row.orders)).toBeGreaterThanOrEqual(1);
  } finally {
    await restored.close();
  }

  // The restored product serves each product and its photos.
  const app = await createTestApp({ env: targetEnv, pgliteDir: pgliteDirOf(targetEnv) });
  try {
    for (const shop of shops) {
      const product = await app.inject({ method: 'GET', url: `/api/v1/products/${shop.product.slug}` });
      expect(product.statusCode).toBe(200);
      const [photo] = (product.json() as { data: { imageUrls: string[] } }).data.imageUrls;
      if (!photo) throw new Error(`${shop.product.name} has no photo`);
      // On disk the API serves /uploads/; in S3 the rebuilt store does.
      const status = onPostgres ? (await fetch(photo)).status : (await app.inject({ method: 'GET', url: photo })).statusCode;
      expect(status).toBe(200);
    }
  } finally {
    await app.close();
  }

  // Never over data: the same target again is refused, and nothing in it changes.
  await expect(restoreBackup(target, out)).rejects.toThrow(BackupError);
});

(onPostgres ? test.skip : test)("the running API's copy is only for this machine, with the token it wrote beside its data", async () => {
  const endpoint = readEndpoint(liveConfig.dataDir);
  if (!endpoint) throw new Error('the listening API wrote no backup endpoint');
  expect(statSync(endpointFileOf(liveConfig.dataDir)).mode & 0o777).toBe(0o600);
  const copy = (token: string, remoteAddress = '127.0.0.1') =>
    bench.app.inject({ method: 'POST', url: SNAPSHOT_PATH, headers: { authorization: `Bearer ${token}` }, remoteAddress });
  expect((await copy('not-the-token')).statusCode).toBe(404);
  expect((await copy(endpoint.token, '10.0.0.8')).statusCode).toBe(404);
  const answer = await copy(endpoint.token);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/gzip');
  expect(answer.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});

(onPostgres ? test.skip : test)('with the API stopped, the backup opens the data directory itself', async () => {
  const env = { DATA_DIR: temp('stopped') };
  const config = testConfig(env, pgliteDirOf(env));
  const app = await createTestApp({ env, pgliteDir: pgliteDirOf(env) });
  await app.close();
  const out = path.join(temp('out'), 'backup');
  const manifest = await takeBackup(config, out);
  expect(manifest.database).toBe('pglite');
  expect(manifest.migrations).toBeGreaterThan(20);
  expect(readdirSync(out).sort()).toEqual(['database.tar.gz', 'manifest.json']);
});
