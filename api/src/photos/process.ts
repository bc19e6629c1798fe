/**
 * Photo intake: whatever a browser uploads is checked by its content (sharp
 * must decode it as a raster image), capped at 5 MB, and re-encoded to WebP in
 * a card size and a gallery size. Re-encoding drops every metadata block, so
 * EXIF (GPS position, camera serial) never reaches storage; orientation is
 * applied to the pixels first so portrait shots stay upright.
 */
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';

export const PHOTO_SIZES = {
  card: { width: 480, height: 480, quality: 78 },
  gallery: { width: 1200, height: 1200, quality: 82 },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** Formats browsers upload as photos; SVG is refused (it is a document that can carry script). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression-bomb guard: 50 megapixels is far beyond any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

export type PhotoRejection = 'too-large' | 'not-an-image' | 'too-many';

export class PhotoError extends Error {
  /** Read by the error handler: a refused photo is the sender's mistake. */
  readonly statusCode = 400;

  constructor(
    readonly reason: PhotoRejection,
    message: string,
  ) {
    super(message);
  }
}

export interface ProcessedPhoto {
  card: Buffer;
  gallery: Buffer;
  contentType: 'image/webp';
}

export async function processPhoto(input: Buffer, fileName = 'The file'): Promise<ProcessedPhoto> {
  if (input.byteLength > PHOTO_MAX_BYTES) throw new PhotoError('too-large', MESSAGES.uploads.tooLarge(fileName));
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoError('not-an-image', MESSAGES.uploads.notAnImage(fileName));

  const variant = async (size: PhotoSize): Promise<Buffer> => {
    const spec = PHOTO_SIZES[size];
    return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: spec.width, height: spec.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: spec.quality })
      .toBuffer();
  };
  try {
    const [card, gallery] = await Promise.all([variant('card'), variant('gallery')]);
    return { card, gallery, contentType: 'image/webp' };
  } catch {
    // Header parsed but pixels did not (truncated or corrupt file).
    throw new PhotoError('not-an-image', MESSAGES.uploads.notAnImage(fileName));
  }
}
