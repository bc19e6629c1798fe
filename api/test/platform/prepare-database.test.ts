/**
 * The demo data outside the embedded database: the cluster's one-off preparation step
 * (scripts/prepare-database.ts) asks buildApp to seed a PostgreSQL server's empty database,
 * which the API never does by itself. Runs where the tests have a PostgreSQL server
 * (API_TEST_DB=postgres), on a database of its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { testConfig } from '../helpers';

const serverUrl = process.env.DATABASE_URL;

(serverUrl ? it : it.skip)(
  'seedDemoData: true seeds an empty PostgreSQL database once; without it a server database gets nothing',
  async () => {
    const name = `campus_prepare_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-prepare-'));
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl ?? '');
      url.pathname = `/${name}`;
      const config = testConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });

      const byDefault = await buildApp(config);
      expect(byDefault.demoAccounts).toEqual([]);
      await byDefault.close();

      const prepared = await buildApp(config, { seedDemoData: true });
      expect(prepared.demoAccounts.map((a) => a.purpose)).toEqual(expect.arrayContaining(['buyer']));
      expect(prepared.demoAccounts.length).toBeGreaterThanOrEqual(2);
      await prepared.close();

      // A database with accounts is never seeded again.
      const again = await buildApp(config, { seedDemoData: true });
      expect(again.demoAccounts).toEqual([]);
      await again.close();
    } finally {
      // Not WITH (FORCE): connections the apps are still closing would die with an error; wait for them.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const dropped = await admin.query(`DROP DATABASE IF EXISTS ${name}`).then(
          () => true,
          () => false,
        );
        if (dropped) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
