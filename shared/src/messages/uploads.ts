/** API answers of the multipart upload endpoints (product photos, store picture). */
export const uploads = {
  notMultipart: 'Send the form as multipart/form-data',
  unexpectedFileField: (field: string) => `Unexpected file field ${field}`,
  tooLarge: (name: string) => `${name} is larger than 5 MB. Please choose a smaller photo.`,
  storageUnavailable: 'Photos cannot be saved right now. Please try again in a few minutes.',
  notAnImage: (name: string) => `${name} is not an image. Please upload JPG, PNG or WebP photos.`,
  /** Refused in the browser the moment it is chosen (the photo picker takes the types its hint names). */
  wrongPhotoType: (name: string) => `${name} is not a JPG, PNG or WebP photo. Please choose another.`,
  /** A store has one picture; a product up to MAX_PRODUCT_PHOTOS photos. */
  tooManyPhotos: (max: number) => (max === 1 ? 'Please send a single picture.' : `A product can have at most ${max} photos.`),
} as const;
