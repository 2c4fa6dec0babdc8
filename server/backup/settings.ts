import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {dataDir, readPorts} from '../config.ts';
import {fileStorageFromEnv, storageConfigFromEnv} from '../files/storage-env.ts';
import type {FileStorage} from '../files/storage.ts';
import {parseBackupKey} from './encryption.ts';

/** What `npm run backup` and `npm run restore` read from the environment (docs/operations.md, "Backups"). */
export type BackupSettings = {
  /** The data folder (KESHER_DATA_DIR, default .data). */
  dataDir: string;
  /**
   * Uploaded files: FILES_DIR, else <dataDir>/files (as server/files/storage-env.ts); with FILE_STORAGE=s3
   * the bucket's files/ objects, copied into the backup (and restored into this folder).
   */
  filesDir: string;
  /** The bucket the uploads live in (FILE_STORAGE=s3); undefined when they are in filesDir. */
  bucket: FileStorage | undefined;
  /** BACKUP_DIR, else <dataDir>/backups. */
  backupDir: string;
  /** BACKUP_KEEP: how many backups to keep (the oldest go first). */
  keep: number;
  /** BACKUP_KEY, 32 bytes; backups are encrypted when it is set. */
  key: Buffer | undefined;
};

export const DEFAULT_KEEP = 14;

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const data = dataDir(env);
  const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : DEFAULT_KEEP;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP=${env.BACKUP_KEEP} is not a whole number of 1 or more`);
  return {
    dataDir: data,
    filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : path.join(data, 'files'),
    bucket: storageConfigFromEnv(env).kind === 's3' ? fileStorageFromEnv(env) : undefined,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(data, 'backups'),
    keep,
    key: env.BACKUP_KEY ? parseBackupKey(env.BACKUP_KEY) : undefined,
  };
}

/**
 * The database a command works on: DATABASE_URL (an external Postgres), else the embedded one that
 * `npm start` runs for the data folder (its password is kept there), or undefined when there is none.
 */
export function commandDatabaseURL(env: NodeJS.ProcessEnv = process.env): {url: string; embedded: boolean} | undefined {
  if (env.DATABASE_URL) return {url: env.DATABASE_URL, embedded: false};
  const passwordFile = path.join(dataDir(env), 'pg-password');
  if (!existsSync(passwordFile)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return {url: `postgres://postgres:${password}@127.0.0.1:${readPorts(env).postgres}/kesher`, embedded: true};
}
