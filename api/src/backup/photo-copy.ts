/**
 * The photos' copy: every stored object as a file under `photos/<key>`, from the disk store or
 * the S3 bucket, and back into either on restore. Keys are random and an object never changes
 * (photos/storage.ts), so a file already copied is never copied again.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { contentTypeOfKey, type PhotoStorage } from '../photos';

/** Copies the objects not yet in `folder`; answers how many it copied. */
export async function copyPhotosOut(storage: PhotoStorage, folder: string): Promise<number> {
  let copied = 0;
  for await (const key of storage.keys()) {
    const file = path.join(folder, ...key.split('/'));
    if (existsSync(file)) continue;
    const body = await storage.read(key);
    // Deleted since it was listed (a seller replaced the photo): nothing left to keep.
    if (!body) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    copied += 1;
  }
  return copied;
}

async function* filesUnder(folder: string): AsyncIterable<string> {
  if (!existsSync(folder)) return;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) yield path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  }
}

/** Counts the files a backup holds. */
export async function countPhotos(folder: string): Promise<number> {
  let count = 0;
  for await (const _ of filesUnder(folder)) count += 1;
  return count;
}

/** Writes every file of `folder` into the store under its key; answers how many. */
export async function copyPhotosIn(folder: string, storage: PhotoStorage): Promise<number> {
  let written = 0;
  for await (const key of filesUnder(folder)) {
    await storage.put(key, await readFile(path.join(folder, ...key.split('/'))), contentTypeOfKey(key));
    written += 1;
  }
  return written;
}
