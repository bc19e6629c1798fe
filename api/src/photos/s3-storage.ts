/** Photos in S3-compatible object storage (used when the S3_* settings are given). */
import { PHOTO_CACHE_CONTROL, assertSafeKey, type PhotoStorage } from './storage';
import { sha256Hex, signRequest } from './sigv4';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read objects (a CDN or the bucket's public address). */
  publicUrl?: string;
  /** Path-style addressing ("endpoint/bucket/key"), which MinIO and most compatible services need. */
  forcePathStyle: boolean;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly settings: S3Settings,
    private readonly fetchImpl: FetchLike = (url, init) => fetch(url, init),
  ) {}

  private objectUrl(key: string): URL {
    const endpoint = new URL(this.settings.endpoint);
    if (this.settings.forcePathStyle) {
      return new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${this.settings.bucket}/${key}`);
    }
    return new URL(`${endpoint.protocol}//${this.settings.bucket}.${endpoint.host}/${key}`);
  }

  private async send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<void> {
    assertSafeKey(key);
    const url = this.objectUrl(key);
    const extra: Record<string, string> = body
      ? { 'content-type': contentType ?? 'application/octet-stream', 'cache-control': PHOTO_CACHE_CONTROL }
      : {};
    const headers = signRequest(this.settings, {
      method,
      url,
      headers: extra,
      payloadHash: sha256Hex(body ?? ''),
    });
    const response = await this.fetchImpl(url.toString(), { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
    // DELETE of a missing object answers 204 on S3; 404 from some compatible services is fine too.
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`S3 ${method} ${key} failed with HTTP ${response.status}: ${detail}`);
    }
  }

  put(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.send('PUT', key, body, contentType);
  }

  delete(key: string): Promise<void> {
    return this.send('DELETE', key);
  }

  url(key: string): string {
    const base = this.settings.publicUrl?.replace(/\/$/, '');
    return base ? `${base}/${key}` : this.objectUrl(key).toString();
  }
}
