/**
 * The catalogue's services on the app: photo storage, the search indexer and
 * (without Algolia) the built-in search engine (its Algolia-protocol routes
 * are in the route map), and uploaded photos served from disk with year-long caching.
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PhotoService } from '../photos/service';
import { S3PhotoStorage } from '../photos/s3-storage';
import { DiskPhotoStorage, PHOTO_CACHE_CONTROL, type PhotoStorage } from '../photos/storage';
import { AlgoliaSearchIndexer } from '../search/algolia-indexer';
import { PgSearchEngine } from '../search/engine';
import { PgSearchIndexer, type SearchIndexer } from '../search/indexer';
import { toSqlClient, type QueryableLike, type SqlClient } from '../search/sql';
import { ensureCategories } from '../categories/repository';
import type { CatalogueConfig } from '../catalogue/config';
import { SearchSync } from '../catalogue/search-sync';

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

/** Raw SQL for the search module, through the same connection(s) drizzle uses. */
export function sqlClientOf(app: FastifyInstance): SqlClient {
  const client: unknown = (app.db as unknown as { $client?: unknown }).$client;
  if (!client || typeof (client as QueryableLike).query !== 'function') throw new Error('The database client does not run SQL');
  return toSqlClient(client as QueryableLike);
}

export function makeIndexer(config: CatalogueConfig, sql: SqlClient): SearchIndexer {
  const s = config.search;
  return s.mode === 'algolia'
    ? new AlgoliaSearchIndexer(s.appId, s.adminKey, s.indexName)
    : new PgSearchIndexer(sql, s.indexName);
}

function makeStorage(config: CatalogueConfig): PhotoStorage {
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
    const engine = config.search.mode === 'builtin' ? new PgSearchEngine(sql, [config.search.indexName]) : null;
    app.decorate('catalogue', {
      config,
      photos: new PhotoService(makeStorage(config)),
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
