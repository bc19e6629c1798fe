/**
 * The catalogue domain's public face: its plugin (photo storage, the search index kept in
 * step with the products, the built-in engine), its settings, and the demo stores.
 */
export { loadCatalogueConfig, type CatalogueConfig, type SearchConfig, type StorageConfig } from './config';
export { DEMO_STORES } from './demo/listings';
export { catalogueIsEmpty, seedCatalogueDemo } from './demo/seed';
export { makeIndexer, photoStorageFor, type CatalogueServices } from './plugin';
export { SearchSync, type SyncLogger } from './search-sync';
