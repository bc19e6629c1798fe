/**
 * `npm run search:reindex -w @campus/api`: rebuilds the whole search index
 * (built-in or Algolia, whichever is configured) from the catalogue tables.
 * Uses the same settings as the server; with an embedded database, stop the
 * server first (the data directory allows one process at a time).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { sqlClientOf } from '../search';
import { makeIndexer } from './plugin';
import { SearchSync } from './search-sync';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const indexer = makeIndexer(config.catalogue, sqlClientOf(database));
    const sync = new SearchSync(database.db, indexer, { error: (obj, msg) => console.error(msg, obj) });
    const count = await sync.rebuild();
    console.log(`Search index "${config.catalogue.search.indexName}" (${indexer.kind}) rebuilt with ${count} products.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
