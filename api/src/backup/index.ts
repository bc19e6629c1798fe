/** Backups and restores (npm run backup / restore): the running API's side is its endpoint for the embedded database. */
export { restoreBackup, takeBackup, type RestoreReport } from './backup';
export { BackupError, type Manifest } from './manifest';
