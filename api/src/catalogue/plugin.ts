/**
 * The catalogue's services on the app: photo storage, the search indexer and
 * (without Algolia) the built-in search engine (its Algolia-protocol routes
 * are in the route map), and uploaded photos served from disk with year-long caching.
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ensureCategories } from '../categories';
import { DiskPhotoStorage, PHOTO_CACHE_CONTROL, PhotoService, S3PhotoStorage, type PhotoStorage } from '../photos';
import { AlgoliaSearchIndexer, PgSearchEngine, PgSearchIndexer, sqlClientOf, type SearchIndexer, type SqlClient } from '../search';
import type { CatalogueConfig } from './config';
import { SearchSync } from './search-sync';
import { CAMPUS_SYNONYMS } from './synonyms';

export interface CatalogueServices {
  config: CatalogueConfig;
  photos: PhotoService;
  search: SearchSync;
  /** The built-in engine; null when Algolia serves searches. */
  engine: PgSearchEngine | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueServices;
  }
}

export function makeIndexer(config: CatalogueConfig, sql: SqlClient): SearchIndexer {
  const s = config.search;
  return s.mode === 'algolia'
    ? new AlgoliaSearchIndexer(s.appId, s.adminKey, s.indexName, CAMPUS_SYNONYMS)
    : new PgSearchIndexer(sql, s.indexName);
}

/** The photo store the configuration names (the API's, and a backup's source or a restore's target). */
export function photoStorageFor(config: CatalogueConfig): PhotoStorage {
  const st = config.storage;
  if (st.kind === 's3') return new S3PhotoStorage(st.s3);
  mkdirSync(st.dir, { recursive: true });
  return new DiskPhotoStorage(st.dir, '/uploads');
}

export default fp(
  async (app) => {
    const config = app.config.catalogue;
    const sql = sqlClientOf(app);
    const indexer = makeIndexer(config, sql);
    const engine = config.search.mode === 'builtin' ? new PgSearchEngine(sql, [config.search.indexName], undefined, CAMPUS_SYNONYMS) : null;
    app.decorate('catalogue', {
      config,
      photos: new PhotoService(photoStorageFor(config)),
      search: new SearchSync(app.db, indexer, app.log),
      engine,
    });

    if (config.storage.kind === 'disk') {
      await app.register(fastifyStatic, {
        root: config.storage.dir,
        prefix: '/uploads/',
        decorateReply: false,
        // Keys are random and never rewritten, so browsers may keep them for a year.
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', PHOTO_CACHE_CONTROL);
        },
        index: false,
        list: false,
      });
    }

    app.addHook('onReady', async () => {
      await ensureCategories(app.db);
      // Not awaited: an unreachable Algolia must not hold up the start.
      if (config.search.mode === 'algolia') {
        void indexer.configure().catch((err: unknown) => app.log.error({ err }, 'Algolia index settings could not be applied'));
      }
    });
  },
  { name: 'catalogue', dependencies: ['db'] },
);
