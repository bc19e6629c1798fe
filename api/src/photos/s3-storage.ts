/**
 * Photos in S3-compatible object storage (used when the S3_* settings are given), through
 * AWS's own client (@aws-sdk/client-s3): request signing, retries, path- or host-style
 * addressing and the services' error answers are its business, kept up by AWS, not ours.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MESSAGES } from '@campus/shared/messages';
import { DomainError } from '../lib/domain-errors';
import { PHOTO_CACHE_CONTROL, assertSafeKey, type PhotoStorage } from './storage';

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

/**
 * The storage could not be reached or refused the request: the upload fails whole (503, a
 * clear text for the student); `detail` says what happened, for the logs.
 */
export class PhotoStorageError extends DomainError {
  constructor(readonly detail: string) {
    super('unavailable', MESSAGES.uploads.storageUnavailable);
    this.name = 'PhotoStorageError';
  }
}

/** A photo upload waits this long for the storage before it gives up (the client retries within it). */
const REQUEST_TIMEOUT_MS = 15_000;

export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 3,
      // Checksums only where S3 requires them: S3-compatible services do not all read the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** One request to the storage; what goes wrong becomes a PhotoStorageError naming the key. */
  private async request<T>(
    what: 'PUT' | 'DELETE' | 'GET' | 'LIST',
    key: string,
    send: (options: { abortSignal: AbortSignal }) => Promise<T>,
  ): Promise<T | undefined> {
    if (what !== 'LIST') assertSafeKey(key);
    try {
      return await send({ abortSignal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      // DELETE of a missing object answers 204 on S3; 404 from some compatible services is fine too.
      // GET of one deleted since it was listed: gone, not a failure.
      if ((what === 'DELETE' || what === 'GET') && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        return undefined;
      const reason = error instanceof S3ServiceException ? `HTTP ${error.$metadata.httpStatusCode ?? '?'} ${error.name}` : String(error);
      throw new PhotoStorageError(`S3 ${what} ${key} failed: ${reason}`);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { bucket } = this.settings;
    await this.request('PUT', key, (options) =>
      this.client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: PHOTO_CACHE_CONTROL }),
        options,
      ),
    );
  }

  async delete(key: string): Promise<void> {
    await this.request('DELETE', key, (options) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }), options),
    );
  }

  /** The object's public address: the CDN's when S3_PUBLIC_URL is set, else the bucket's own. */
  url(key: string): string {
    const base = this.settings.publicUrl?.replace(/\/$/, '');
    if (base) return `${base}/${key}`;
    const endpoint = new URL(this.settings.endpoint);
    if (this.settings.forcePathStyle) return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${this.settings.bucket}/${key}`;
    return `${endpoint.protocol}//${this.settings.bucket}.${endpoint.host}/${key}`;
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.request('LIST', token ?? '', (options) =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }), options),
      );
      for (const object of page?.Contents ?? []) if (object.Key) yield object.Key;
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async read(key: string): Promise<Buffer | null> {
    const bytes = await this.request('GET', key, async (options) => {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), options);
      return answer.Body?.transformToByteArray() ?? new Uint8Array();
    });
    return bytes ? Buffer.from(bytes) : null;
  }

  close(): void {
    this.client.destroy();
  }
}
