/**
 * Catalogue settings from the environment: the search service (Algolia when
 * ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY are set, else the built-in one) and
 * photo storage (S3-compatible when S3_* are set, else DATA_DIR/uploads).
 * Problems are returned, not thrown, so loadConfig reports them with the rest.
 */
import path from 'node:path';
import type { S3Settings } from '../photos';
import { envValue as value } from '../lib/env';

export type SearchConfig =
  | { mode: 'builtin'; indexName: string; appId: string; searchApiKey: string }
  | { mode: 'algolia'; indexName: string; appId: string; searchApiKey: string; adminKey: string };

export type StorageConfig = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3Settings };

export interface CatalogueConfig {
  search: SearchConfig;
  storage: StorageConfig;
}

export function loadCatalogueConfig(env: NodeJS.ProcessEnv, dataDir: string): { config: CatalogueConfig; problems: string[] } {
  const problems: string[] = [];
  // ALGOLIA_INDEX_NAME is what the runtime configuration (tooling/product.cjs) reads too.
  const indexName = value(env, 'ALGOLIA_INDEX_NAME') ?? value(env, 'SEARCH_INDEX_NAME') ?? 'products';
  if (!/^[A-Za-z0-9][\w-]*$/.test(indexName)) problems.push('ALGOLIA_INDEX_NAME: letters, digits, - and _ only');

  let search: SearchConfig;
  const algoliaApp = value(env, 'ALGOLIA_APP_ID');
  const algoliaAdmin = value(env, 'ALGOLIA_ADMIN_KEY');
  if (algoliaApp || algoliaAdmin) {
    const searchKey = value(env, 'ALGOLIA_SEARCH_KEY');
    if (!algoliaApp) problems.push('ALGOLIA_APP_ID: required when ALGOLIA_ADMIN_KEY is set');
    if (!algoliaAdmin) problems.push('ALGOLIA_ADMIN_KEY: required when ALGOLIA_APP_ID is set');
    if (!searchKey) problems.push('ALGOLIA_SEARCH_KEY: required with Algolia (the search-only key the browser gets)');
    search = { mode: 'algolia', indexName, appId: algoliaApp ?? '', adminKey: algoliaAdmin ?? '', searchApiKey: searchKey ?? '' };
  } else {
    search = {
      mode: 'builtin',
      indexName,
      // The same defaults the browser's runtime configuration uses (tooling/product.cjs).
      appId: value(env, 'SEARCH_APP_ID') ?? 'campus',
      searchApiKey: value(env, 'SEARCH_API_KEY') ?? 'campus-search',
    };
  }

  let storage: StorageConfig = { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  const s3Keys = Object.keys(env).filter((k) => k.startsWith('S3_') && value(env, k));
  if (s3Keys.length > 0) {
    const need = (key: string): string => {
      const v = value(env, key);
      if (!v) problems.push(`${key}: required when S3 storage is configured`);
      return v ?? '';
    };
    const endpoint = need('S3_ENDPOINT');
    if (endpoint && !/^https?:\/\//.test(endpoint)) problems.push('S3_ENDPOINT: must be an http(s) URL');
    const publicUrl = value(env, 'S3_PUBLIC_URL');
    storage = {
      kind: 's3',
      s3: {
        endpoint,
        bucket: need('S3_BUCKET'),
        region: value(env, 'S3_REGION') ?? 'us-east-1',
        accessKeyId: need('S3_ACCESS_KEY_ID'),
        secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
        forcePathStyle: (value(env, 'S3_FORCE_PATH_STYLE') ?? 'true').toLowerCase() !== 'false',
        ...(publicUrl ? { publicUrl } : {}),
      },
    };
  }
  return { config: { search, storage }, problems };
}
