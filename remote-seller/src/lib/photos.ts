/** A photo the back office takes (a product's, the store's cover) is checked the moment it is chosen. */
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';

/** PHOTO_TYPES' file names, for a file the phone gives no type. */
const PHOTO_NAME = /\.(jpe?g|png|webp)$/i;

/**
 * Why a chosen file cannot be a photo, or null when it can.
 * The API still checks the content and the size.
 */
export function photoRefusal(file: File): string | null {
  const typed = file.type ? (PHOTO_TYPES as readonly string[]).includes(file.type) : PHOTO_NAME.test(file.name);
  if (!typed) return MESSAGES.uploads.wrongPhotoType(file.name);
  if (file.size > PHOTO_MAX_BYTES) return MESSAGES.uploads.tooLarge(file.name);
  return null;
}
