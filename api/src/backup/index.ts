/** Backups and restores (npm run backup / restore): the running API's side is its endpoint for the embedded database. */
export { default as backupEndpoint } from './embedded-endpoint';
export { restoreBackup, takeBackup, type RestoreReport } from './backup';
export { BackupError, type Manifest } from './manifest';
