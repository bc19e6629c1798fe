/**
 * AWS Signature Version 4 for the two S3 calls photo storage makes (PUT and
 * DELETE of one object). Small enough to keep here rather than pulling the
 * whole AWS SDK into the API; works with AWS S3, MinIO, R2 and other
 * S3-compatible services.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Hex SHA-256 of the body ("UNSIGNED-PAYLOAD" is allowed by S3 too). */
  payloadHash: string;
  /** Fixed time for tests; now otherwise. */
  date?: Date;
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding as SigV4 wants it; "/" kept in paths. */
function encode(text: string, keepSlash: boolean): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');
}

export function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** Answers the headers to send: the input headers plus host, x-amz-date, x-amz-content-sha256 and authorization. */
export function signRequest(creds: SigV4Credentials, input: SignInput): Record<string, string> {
  const service = creds.service ?? 's3';
  const when = amzDate(input.date ?? new Date());
  const day = when.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-date': when,
    'x-amz-content-sha256': input.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n] ?? ''}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encode(k, false), encode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalPath = encode(decodeURIComponent(input.url.pathname), true);
  const canonicalRequest = [input.method.toUpperCase(), canonicalPath, query, canonicalHeaders, signedHeaders, input.payloadHash].join(
    '\n',
  );
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', when, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
