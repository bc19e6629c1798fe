/**
 * A backup is a directory: `manifest.json`, the database's copy and `photos/` (every stored
 * object under its key). The manifest says what the copy is, so a restore refuses a backup of
 * the other engine or of a later format instead of half-restoring it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const BACKUP_FORMAT = 1;

/** PGlite's data directory as PGlite's own tarball (gzip); PostgreSQL's pg_dump in its custom format. */
export const DATABASE_FILES = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;
export const PHOTOS_FOLDER = 'photos';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  database: z.enum(['pglite', 'postgres']),
  photoStorage: z.enum(['disk', 's3']),
  /** When the database's copy began: everything committed before it is in the backup. */
  databaseCopiedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  photos: z.number().int().nonnegative(),
  /** The applied migrations (drizzle's journal) at the copy: a restore into an older build is refused. */
  migrations: z.number().int().nonnegative(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestPath = (backupDir: string) => path.join(backupDir, 'manifest.json');

export async function writeManifest(backupDir: string, manifest: Manifest): Promise<void> {
  await writeFile(manifestPath(backupDir), `${JSON.stringify(manifest, null, 2)}\n`);
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export async function readManifest(backupDir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(manifestPath(backupDir), 'utf8');
  } catch {
    throw new BackupError(`${backupDir} is not a backup: it has no manifest.json (a backup is the folder npm run backup printed).`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${manifestPath(backupDir)} is not a manifest this version reads (format ${BACKUP_FORMAT}).`);
  return parsed.data;
}
