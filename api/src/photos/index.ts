/** The photos domain's public face: uploads checked and resized, and where they are stored (disk or S3). */
export { PhotoError } from './process';
export { PhotoStorageError, S3PhotoStorage, type S3Settings } from './s3-storage';
export { PhotoService, type UploadedFile } from './service';
export { DiskPhotoStorage, PHOTO_CACHE_CONTROL, contentTypeOfKey, type PhotoStorage } from './storage';
