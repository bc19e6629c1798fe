/** Column types every schema file uses: timestamps with time zone, kobo, tsvector, and a stored photo. */
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const kobo = (name: string) => bigint(name, { mode: 'number' });

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored photo: both sizes' object keys (for deletion) and the addresses browsers load. */
export interface PhotoRef {
  id: string;
  cardKey: string;
  galleryKey: string;
  cardUrl: string;
  galleryUrl: string;
}
