/**
 * Photos on S3, against an S3-compatible server (s3rver, in this process): product photos
 * uploaded through the API land in the bucket with their headers, are read back from their
 * public URL, are deleted with the product; with the server away an upload fails whole with
 * a clear 503, and a failure half-way leaves no object behind.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { MESSAGES } from '@campus/shared/messages';
import { PhotoService, PhotoStorageError, S3PhotoStorage, type PhotoStorage, type S3Settings } from '../../src/photos';
import { catalogueTestApp, createProduct, multipart, photoPart, send, sellerAccount } from '../catalogue-helpers';

const BUCKET = 'campus-photos';
// s3rver's own credentials: it checks the request signature against them.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let endpoint: string;
let app: FastifyInstance;
let s3: S3Client;

async function startServer(port = 0): Promise<string> {
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 'campus-s3-')),
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  return `http://127.0.0.1:${address.port}`;
}

const settings = (): S3Settings => ({ endpoint, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS, forcePathStyle: true });

async function keysInBucket(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

beforeAll(async () => {
  endpoint = await startServer();
  s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  app = await catalogueTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
});

afterAll(async () => {
  await app.close();
  s3.destroy();
  await server.close().catch(() => undefined);
});

describe('photos on an S3-compatible server', () => {
  it('uploads both sizes of a product photo, serves them from their public URL with a year of caching, and deletes them with the product', async () => {
    const s = await sellerAccount(app);
    const product = await createProduct(app, s.token, s.sellerId, {}, 1);
    const gallery = product.imageUrls[0] ?? '';
    expect(gallery.startsWith(`${endpoint}/${BUCKET}/products/`)).toBe(true);

    const read = await fetch(gallery);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/webp');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await read.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const key = gallery.slice(`${endpoint}/${BUCKET}/`.length);
    expect(await keysInBucket()).toEqual(expect.arrayContaining([key, key.replace('-gallery.webp', '-card.webp')]));

    expect((await send(app, 'DELETE', `/sellers/${product.id}`, s.token)).status).toBe(200);
    expect((await fetch(gallery)).status).toBe(404);
    expect(await keysInBucket()).not.toContain(key);
  });

  it('a failure half-way (the second size refused) leaves no object behind and says why', async () => {
    const real = new S3PhotoStorage(settings());
    let puts = 0;
    const failsOnSecondPut: PhotoStorage = {
      kind: 's3',
      url: (key) => real.url(key),
      delete: (key) => real.delete(key),
      keys: () => real.keys(),
      read: (key) => real.read(key),
      put: async (key, body, type) => {
        puts += 1;
        if (puts === 2) throw new PhotoStorageError(`S3 PUT ${key} failed: HTTP 500 InternalError`);
        await real.put(key, body, type);
      },
    };
    const before = await keysInBucket();
    const photo = await photoPart();
    await expect(new PhotoService(failsOnSecondPut).store('products', [{ fileName: 'a.png', data: photo.data }])).rejects.toThrow(
      MESSAGES.uploads.storageUnavailable,
    );
    expect(puts).toBe(2);
    expect(await keysInBucket()).toEqual(before);
    real.close();
  });

  it('with the server away, an upload answers 503 with a clear text and no product is listed', async () => {
    const s = await sellerAccount(app);
    const port = Number(new URL(endpoint).port);
    await server.close();
    try {
      const fields = { name: 'Desk fan', description: 'Quiet', price: '9000', stockQuantity: '2', categoryId: 'electronics' };
      const res = await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(fields, [await photoPart()]));
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(MESSAGES.uploads.storageUnavailable);
      const listed = await send(app, 'GET', `/sellers/${s.sellerId}/catalogue`, s.token);
      expect(JSON.stringify(listed.body)).not.toContain('Desk fan');
    } finally {
      await startServer(port);
    }
    // Back: the same upload goes through.
    expect((await createProduct(app, s.token, s.sellerId, { name: 'Desk fan' }, 1)).name).toBe('Desk fan');
  });

  it('builds the public address from S3_PUBLIC_URL, path style or host style, and refuses unsafe keys', async () => {
    expect(new S3PhotoStorage({ ...settings(), publicUrl: 'https://cdn.example/photos/' }).url('products/a-card.webp')).toBe(
      'https://cdn.example/photos/products/a-card.webp',
    );
    expect(new S3PhotoStorage({ ...settings(), endpoint: 'https://s3.example.com', forcePathStyle: false }).url('x/a.webp')).toBe(
      `https://${BUCKET}.s3.example.com/x/a.webp`,
    );
    await expect(new S3PhotoStorage(settings()).put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe storage key');
  });
});
