/**
 * The names already stored, checked against the rules new names meet (shared/src/schemas/names.ts,
 * sellers/store-names.ts): run at every start (a warning per finding in the log) and by
 * `npm run check:names -w @campus/api`. It reports and never deletes or renames:
 * - names of people, stores and products with invisible or text-direction characters;
 * - stores whose names look alike (the same skeleton). The oldest of them keeps the name's key, so
 *   no new store can take it; the others keep their names, without a key, until they rename.
 * It also fills in the key of every store that has none and whose name looks like no other's
 * (the stores opened before names were compared), so the unique index covers them.
 */
import type { DbOrTx } from '../db/client';
import { hasInvisibleCharacters } from '@campus/shared/schemas';
import { fillStoreNameSkeleton, storeNameSkeleton } from '../sellers';
import { peopleNames, productNames, storeNames } from './name-check-repository';

export interface NameReport {
  /** Names with invisible or text-direction characters: which row, which field. */
  invisible: { table: 'users' | 'sellers' | 'products'; id: string; field: string }[];
  /** Stores whose names look alike, oldest first. */
  lookalikeStores: { sellerIds: string[] }[];
  /** Stores given their name's key by this check. */
  keysFilled: number;
}

export async function checkStoredNames(db: DbOrTx): Promise<NameReport> {
  const report: NameReport = { invisible: [], lookalikeStores: [], keysFilled: 0 };
  for (const person of await peopleNames(db)) {
    for (const field of ['firstName', 'lastName', 'displayName'] as const) {
      if (hasInvisibleCharacters(person[field] ?? '')) report.invisible.push({ table: 'users', id: person.id, field });
    }
  }
  for (const product of await productNames(db)) {
    if (hasInvisibleCharacters(product.name)) report.invisible.push({ table: 'products', id: product.id, field: 'name' });
  }
  const stores = await storeNames(db);
  const bySkeleton = new Map<string, typeof stores>();
  for (const store of stores) {
    if (hasInvisibleCharacters(store.name)) report.invisible.push({ table: 'sellers', id: store.id, field: 'catalogueName' });
    const skeleton = storeNameSkeleton(store.name);
    bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), store]);
  }
  for (const [skeleton, alike] of bySkeleton) {
    if (alike.length > 1) report.lookalikeStores.push({ sellerIds: alike.map((s) => s.id) });
    // Oldest first: the first store of a name keeps it; a key another store already holds is not given again.
    if (alike.some((s) => s.skeleton === skeleton)) continue;
    const [oldest] = alike;
    if (oldest && oldest.skeleton === null) {
      await fillStoreNameSkeleton(db, oldest.id, skeleton);
      report.keysFilled += 1;
    }
  }
  return report;
}

/** Logs what checkStoredNames found: a warning per finding, nothing when all is well. */
export function logNameReport(
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
  report: NameReport,
) {
  for (const finding of report.invisible) log.warn({ nameCheck: finding }, 'A stored name has invisible or text-direction characters');
  for (const finding of report.lookalikeStores) log.warn({ nameCheck: finding }, 'Stores with names that look alike');
  if (report.keysFilled > 0) log.info({ nameCheck: { keysFilled: report.keysFilled } }, 'Store name keys filled in');
}
