/** Catalogue test shortcuts: multipart bodies, photos made with sharp, a seller with a store, a product. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { BuildOptions } from '../src/app';
import { createTestApp, signedIn } from './helpers';

/** An app whose photos go to a fresh temporary data directory (never the repository's .data). */
export function catalogueTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'seedDemoData'> = {},
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-api-test-'));
  return createTestApp({ ...options, env: { DATA_DIR: dataDir, ...env } });
}

type Json = Record<string, unknown> & { data?: unknown; message?: string };

export interface FilePart {
  field: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body (what a browser's FormData sends). */
export function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = `----campus${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  token: string | undefined,
  body?: { payload: Buffer; headers: Record<string, string> } | Record<string, unknown>,
) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const isMultipart = body !== undefined && Buffer.isBuffer((body as { payload?: unknown }).payload);
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: isMultipart ? { ...auth, ...(body as { headers: Record<string, string> }).headers } : auth,
    ...(body === undefined ? {} : { payload: isMultipart ? (body as { payload: Buffer }).payload : (body as Record<string, unknown>) }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json, headers: res.headers };
}

/** A small PNG photo (a coloured square with some shapes so it is not trivially compressible). */
export async function pngPhoto(size = 64, hue = 30): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="hsl(${hue},70%,50%)"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="white"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const photoPart = async (field = 'files', name = 'photo.png'): Promise<FilePart> => ({
  field,
  fileName: name,
  contentType: 'image/png',
  data: await pngPhoto(),
});

export const STORE_FIELDS = {
  catalogueName: 'Campus Gadgets',
  bankName: 'GTBank',
  accountNumber: '0123456789',
  accountName: 'Ada Obi',
  phoneNumber: '08031234567',
  location: 'Moremi Hall',
  storeDescription: 'Phones and accessories at student prices',
};

/** How many stores sellerAccount opened per app: no two stores may have names that look alike. */
const storesOpened = new WeakMap<FastifyInstance, number>();

/**
 * A signed-in user who has opened a store. Without a name given, the first store of an app is
 * named STORE_FIELDS's name, or (taken) one with a random suffix, as are the next ones (no two stores may look alike).
 */
export async function sellerAccount(app: FastifyInstance, fields: Record<string, string> = {}) {
  const { email, token } = await signedIn(app);
  let res;
  for (;;) {
    const opened = (storesOpened.get(app) ?? 0) + 1;
    storesOpened.set(app, opened);
    // A random suffix, not a count: on PostgreSQL the apps of one test file share one database.
    const catalogueName = opened === 1 ? STORE_FIELDS.catalogueName : `${STORE_FIELDS.catalogueName} ${randomBytes(4).toString('hex')}`;
    res = await send(app, 'POST', '/sellers/register', token, multipart({ ...STORE_FIELDS, catalogueName, ...fields }));
    // A test opened a store under the default name itself: the next name.
    if (res.status !== 409 || fields.catalogueName !== undefined || opened > 50) break;
  }
  if (res.status !== 201) throw new Error(`seller register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const seller = res.body.data as { id: string; catalogueName: string };
  return { email, token, sellerId: seller.id, seller };
}

export interface ProductOut {
  id: string;
  slug: string;
  name: string;
  price: string;
  stockQuantity: number;
  imageUrls: string[];
  categoryId: string;
}

export async function createProduct(
  app: FastifyInstance,
  token: string,
  sellerId: string,
  fields: Record<string, string> = {},
  photos = 1,
): Promise<ProductOut> {
  const files = await Promise.all(Array.from({ length: photos }, (_, i) => photoPart('files', `p${i}.png`)));
  const res = await send(
    app,
    'POST',
    `/sellers/${sellerId}/catalogue`,
    token,
    multipart(
      {
        name: 'Casio fx-991ES calculator',
        description: 'Barely used, exam ready',
        price: '12,500.50',
        stockQuantity: '5',
        categoryId: 'electronics',
        ...fields,
      },
      files,
    ),
  );
  if (res.status !== 201) throw new Error(`create product failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as ProductOut;
}
