/**
 * Processes and stores a set of uploaded photos. Every file is checked and
 * re-encoded before anything is written, so one bad file leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { MAX_PRODUCT_PHOTOS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { PhotoError, processPhoto } from './process';
import type { PhotoStorage } from './storage';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export interface StoredPhoto {
  id: string;
  cardKey: string;
  galleryKey: string;
  cardUrl: string;
  galleryUrl: string;
}

export class PhotoService {
  constructor(readonly storage: PhotoStorage) {}

  async store(
    folder: 'products' | 'sellers' | 'disputes' | 'messages',
    files: readonly UploadedFile[],
    max = MAX_PRODUCT_PHOTOS,
  ): Promise<StoredPhoto[]> {
    if (files.length > max) throw new PhotoError('too-many', MESSAGES.uploads.tooManyPhotos(max));
    const processed = [];
    for (const file of files) processed.push(await processPhoto(file.data, file.fileName));
    const stored: StoredPhoto[] = [];
    // Every key written so far, so a failure half-way (a card written, its gallery not) leaves nothing behind.
    const written: string[] = [];
    try {
      for (const photo of processed) {
        const id = randomUUID();
        const cardKey = `${folder}/${id}-card.webp`;
        const galleryKey = `${folder}/${id}-gallery.webp`;
        for (const [key, body] of [
          [cardKey, photo.card],
          [galleryKey, photo.gallery],
        ] as const) {
          await this.storage.put(key, body, photo.contentType);
          written.push(key);
        }
        stored.push({ id, cardKey, galleryKey, cardUrl: this.storage.url(cardKey), galleryUrl: this.storage.url(galleryKey) });
      }
    } catch (err) {
      await Promise.allSettled(written.map((key) => this.storage.delete(key)));
      throw err;
    }
    return stored;
  }

  /** Best effort: a leftover object costs storage, never correctness. */
  async remove(photos: ReadonlyArray<Pick<StoredPhoto, 'cardKey' | 'galleryKey'>>): Promise<void> {
    for (const p of photos) {
      await Promise.allSettled([this.storage.delete(p.cardKey), this.storage.delete(p.galleryKey)]);
    }
  }
}
