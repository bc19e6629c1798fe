/**
 * Keeps the search index in step with the catalogue: every product change
 * (create, update, delete, stock, rating, store rename) re-sends the affected
 * records. An indexing failure is logged, never turned into a failed sale or
 * edit: the database is the truth and `npm run search:reindex` rebuilds from it.
 */
import type { Db } from '../db/client';
import { productIdsOfSeller, searchRecords } from '../products';
import type { SearchIndexer } from '../search';

/** The logger it needs (Fastify's satisfies it; the rebuild command passes a console one). */
export interface SyncLogger {
  error(obj: object, msg: string): void;
}

export class SearchSync {
  constructor(
    private readonly db: Db,
    readonly indexer: SearchIndexer,
    private readonly log: SyncLogger,
  ) {}

  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.log.error({ err }, `search index update failed (${what}); run npm run search:reindex -w @campus/api`);
    }
  }

  /** Re-sends these products; ids that no longer exist are removed from the index. */
  products(ids: readonly string[]): Promise<void> {
    return this.guard('products', async () => {
      if (ids.length === 0) return;
      const records = await searchRecords(this.db, ids);
      const found = new Set(records.map((r) => r.objectID));
      await this.indexer.saveRecords(records);
      await this.indexer.deleteRecords(ids.filter((id) => !found.has(id)));
    });
  }

  removed(ids: readonly string[]): Promise<void> {
    return this.guard('delete', () => this.indexer.deleteRecords(ids));
  }

  /** A store's name is in each of its records. */
  async seller(sellerId: string): Promise<void> {
    await this.products(await productIdsOfSeller(this.db, sellerId));
  }

  /** The rebuild: the index afterwards holds exactly the catalogue. */
  async rebuild(): Promise<number> {
    const records = await searchRecords(this.db);
    await this.indexer.configure();
    await this.indexer.replaceAll(records);
    return records.length;
  }
}
