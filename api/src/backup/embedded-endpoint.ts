/**
 * The embedded database is readable only by the process that has it open (one PGlite per data
 * directory, db/lock.ts), so while the product runs `npm run backup` asks the API for the copy:
 * POST /internal/backup/database, from this machine only, with the token the API wrote when it
 * started listening to DATA_DIR/backup-endpoint.json (the server's own user may read it, no one
 * else). The answer is PGlite's tarball, with when it was taken and the migrations in it.
 * Registered only for the embedded database: PostgreSQL is copied with pg_dump.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { fromThisMachine } from '../http/this-machine';
import { appliedMigrations } from './repository';

export const ENDPOINT_FILE = 'backup-endpoint.json';
export const SNAPSHOT_PATH = '/internal/backup/database';
export const COPIED_AT_HEADER = 'x-backup-copied-at';
export const MIGRATIONS_HEADER = 'x-backup-migrations';

export const endpointSchema = z.object({ pid: z.number().int(), url: z.string().url(), token: z.string().min(32) });
export type BackupEndpoint = z.infer<typeof endpointSchema>;

export const endpointFileOf = (dataDir: string) => path.join(dataDir, ENDPOINT_FILE);

/** The running API's backup address, when one wrote it. */
export function readEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    const parsed = endpointSchema.safeParse(JSON.parse(readFileSync(endpointFileOf(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export default fp(
  async (app: FastifyInstance) => {
    const { database } = app;
    if (!database.snapshot) return;
    const snapshot = database.snapshot.bind(database);
    const token = randomBytes(32).toString('base64url');
    const file = endpointFileOf(app.config.dataDir);

    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address !== 'object') return;
      mkdirSync(app.config.dataDir, { recursive: true });
      // Listening on every address (0.0.0.0, ::) or loopback: asked on loopback; else where it listens.
      const host = ['0.0.0.0', '::', '127.0.0.1'].includes(address.address)
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
      const endpoint: BackupEndpoint = { pid: process.pid, url: `http://${host}:${address.port}`, token };
      writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
    });
    app.addHook('onClose', async () => {
      if (readEndpoint(app.config.dataDir)?.token === token) rmSync(file, { force: true });
    });

    app.post(SNAPSHOT_PATH, { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Anyone else is told the route does not exist, as for any unknown path.
      if (!fromThisMachine(request.socket.remoteAddress) || !timingSafeEqual(digest(given), digest(token)))
        throw new HttpError(404, `Route POST ${SNAPSHOT_PATH} not found`);
      const migrations = await appliedMigrations(app.db);
      const copiedAt = new Date();
      const bytes = await snapshot();
      request.log.info({ bytes: bytes.byteLength, migrations }, 'backup: database copied');
      return reply
        .header(COPIED_AT_HEADER, copiedAt.toISOString())
        .header(MIGRATIONS_HEADER, String(migrations))
        .header('cache-control', 'no-store')
        .type('application/gzip')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  },
  { name: 'backup-endpoint', dependencies: ['db'] },
);
