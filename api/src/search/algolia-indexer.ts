/**
 * Sends product records to Algolia itself (when ALGOLIA_APP_ID and
 * ALGOLIA_ADMIN_KEY are set), through the admin client of the same
 * `algoliasearch` package the browser uses. The primary index ranks by
 * relevance; one standard replica per sort puts its attribute first.
 */
import { searchClient, type IndexSettings, type SearchClient } from 'algoliasearch';
import type { SearchRecord } from '@campus/shared/schemas';
import { REPLICA_SORTS, SEARCHABLE_ATTRIBUTES, replicaName, type IndexSort } from './attributes';
import type { SearchIndexer } from './index-repository';
import type { ServedSynonym } from './synonyms';

/** The client's options (requester, hosts, timeouts), as its factory declares them. */
export type AlgoliaClientOptions = Parameters<typeof searchClient>[2];

const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

export function primarySettings(indexName: string): IndexSettings {
  return {
    searchableAttributes: SEARCHABLE_ATTRIBUTES.map((a) => (a === 'description' ? 'unordered(description)' : a)),
    attributesForFaceting: [
      'searchable(categoryName)',
      'categoryId',
      'searchable(sellerName)',
      'sellerId',
      'inStock',
      'condition',
      'filterOnly(slug)',
    ],
    customRanking: ['desc(createdAt)'],
    replicas: (Object.keys(REPLICA_SORTS) as Array<Exclude<IndexSort, 'relevance'>>).map((s) => replicaName(indexName, s)),
  };
}

export class AlgoliaSearchIndexer implements SearchIndexer {
  readonly kind = 'algolia' as const;
  private readonly client: SearchClient;

  constructor(
    appId: string,
    adminKey: string,
    private readonly indexName: string,
    /** The index's synonyms: configure() makes Algolia's list exactly this one. */
    private readonly synonyms: readonly ServedSynonym[] = [],
    /** Tests pass a recording requester; production uses the default HTTP one. */
    options?: AlgoliaClientOptions,
  ) {
    this.client = searchClient(appId, adminKey, options);
  }

  async configure(): Promise<void> {
    await this.client.setSettings({
      indexName: this.indexName,
      indexSettings: primarySettings(this.indexName),
      forwardToReplicas: true,
    });
    for (const [sort, spec] of Object.entries(REPLICA_SORTS)) {
      await this.client.setSettings({
        indexName: replicaName(this.indexName, sort as Exclude<IndexSort, 'relevance'>),
        indexSettings: { ranking: [...spec.algoliaRanking, ...DEFAULT_RANKING] },
      });
    }
    // Replaced whole and forwarded, so every sort's replica knows the same words.
    await this.client.saveSynonyms({
      indexName: this.indexName,
      synonymHit: this.synonyms.map((s) => ({ ...s, synonyms: s.synonyms ? [...s.synonyms] : undefined })),
      forwardToReplicas: true,
      replaceExistingSynonyms: true,
    });
  }

  async saveRecords(records: readonly SearchRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.client.saveObjects({ indexName: this.indexName, objects: records.map((r) => ({ ...r })) });
  }

  async deleteRecords(objectIDs: readonly string[]): Promise<void> {
    if (objectIDs.length === 0) return;
    await this.client.deleteObjects({ indexName: this.indexName, objectIDs: [...objectIDs] });
  }

  /** Clear then save: replaceAllObjects' temporary-index move does not carry replicas along. */
  async replaceAll(records: readonly SearchRecord[]): Promise<void> {
    await this.client.clearObjects({ indexName: this.indexName });
    await this.saveRecords(records);
  }
}
