/**
 * Reads a multipart request into text fields and file buffers with the photo
 * limits applied while streaming: a file over 5 MB is cut off and refused, not
 * buffered whole; more files than allowed are refused.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { PhotoError, type UploadedFile } from '../photos';
import { badRequest } from './errors';
import { hasControlCharacters, isReservedFieldName } from './text-guard';

/** Files beyond this abort the stream; the real per-route limit is checked on the count. */
const STREAM_FILE_LIMIT = 12;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: STREAM_FILE_LIMIT, fields: 40, fieldSize: 20_000, parts: 60 },
  });
}

export interface MultipartBody {
  /** Strings from a form; JSON values when an update came as JSON. The service's schemas check them either way. */
  fields: Record<string, unknown>;
  /** Every value of a repeated field (e.g. imageUrls[]). */
  lists: Record<string, string[]>;
  files: UploadedFile[];
}

const baseName = (field: string) => field.replace(/\[\d*\]$/, '');

interface FileTooLarge {
  code?: string;
}

export async function readMultipart(request: FastifyRequest, fileFields: readonly string[], maxFiles: number): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest(MESSAGES.uploads.notMultipart);
  // No prototype: a field named __proto__ or constructor is refused below, and could not reach one anyway.
  const body: MultipartBody = {
    fields: Object.create(null) as Record<string, unknown>,
    lists: Object.create(null) as Record<string, string[]>,
    files: [],
  };
  try {
    for await (const part of request.parts()) {
      const name = baseName(part.fieldname);
      if (isReservedFieldName(name)) throw badRequest(MESSAGES.generic.reservedField(part.fieldname));
      if (hasControlCharacters(part.fieldname)) throw badRequest(MESSAGES.generic.controlCharacters('A field name'));
      if (part.type === 'file') {
        if (!fileFields.includes(name)) {
          await part.toBuffer();
          throw badRequest(MESSAGES.uploads.unexpectedFileField(part.fieldname));
        }
        const data = await part.toBuffer();
        if (hasControlCharacters(part.filename)) throw badRequest(MESSAGES.generic.controlCharacters('A file name'));
        // An empty file input still sends a part with no name and no bytes.
        if (data.byteLength === 0 && !part.filename) continue;
        if (body.files.length >= maxFiles) throw new PhotoError('too-many', MESSAGES.uploads.tooManyPhotos(maxFiles));
        body.files.push({ fileName: part.filename || 'The file', data });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (hasControlCharacters(value)) throw badRequest(MESSAGES.generic.controlCharacters(name));
        body.fields[name] = value;
        (body.lists[name] ??= []).push(value);
      }
    }
  } catch (err) {
    const code = (err as FileTooLarge).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PhotoError('too-large', MESSAGES.uploads.tooLarge('A photo'));
    if (code === 'FST_FILES_LIMIT') throw new PhotoError('too-many', MESSAGES.uploads.tooManyPhotos(maxFiles));
    throw err;
  }
  return body;
}
