/**
 * The search domain's public face: the index writers (built-in or Algolia), the built-in
 * engine and its Algolia-protocol routes, and raw SQL on the app's connection. Other
 * domains import these from here, never from the files behind them.
 */
export { AlgoliaSearchIndexer } from './algolia-indexer';
export { PgSearchEngine } from './engine';
export { PgSearchIndexer, pruneUnusedWords, type SearchIndexer } from './index-repository';
export { type AlgoliaProtocolOptions } from './protocol/routes';
export { compileSynonyms, findSynonymSpans, type ServedSynonym, type SynonymRule } from './synonyms';
export { sqlClientOf, toSqlClient, type QueryableLike, type SqlClient } from './sql';
