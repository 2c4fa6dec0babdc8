import path from 'node:path';
import * as v from 'valibot';
import {dataDir} from '../config.ts';
import {s3Client, s3Storage, type S3Settings} from './s3-storage.ts';
import {localDiskStorage, type FileStorage} from './storage.ts';

/**
 * Which storage the API server (and `npm run backup`) use, from the environment (docs/operations.md,
 * "File storage"):
 *   FILE_STORAGE=local (default): uploads in FILES_DIR (default <data>/files), exports in EXPORTS_DIR
 *     (default <data>/exports).
 *   FILE_STORAGE=s3: both in one bucket, uploads under <S3_PREFIX>files/ and exports under
 *     <S3_PREFIX>exports/; S3_BUCKET is required, S3_REGION (default us-east-1), S3_ENDPOINT (an
 *     S3-compatible service), S3_FORCE_PATH_STYLE (true for most of those), S3_ACCESS_KEY_ID and
 *     S3_SECRET_ACCESS_KEY (both or neither: neither uses the SDK's own chain, e.g. an instance role).
 *     Sheets are still written to EXPORTS_DIR first, then uploaded.
 * Several API instances need FILE_STORAGE=s3 (or one shared folder). A wrong setting stops the start with
 * a message that names the variable; no message ever holds a secret's value.
 */
export type StorageConfig =
  {kind: 'local'; filesDir: string} | {kind: 's3'; s3: S3Settings; prefix: string; filesPrefix: string; exportsPrefix: string};

export class StorageConfigError extends Error {}

const flag = (name: string) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false'], `${name} must be true or false`),
      v.transform(value => value === 'true'),
    ),
  );
const named = (name: string, what: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(`${name} is empty: ${what}`)));

const S3_ENV = v.pipe(
  v.object({
    S3_BUCKET: v.pipe(
      v.string(),
      v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET is not a bucket name (3–63 of a-z, 0-9, dots and dashes)'),
    ),
    S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('S3_REGION is empty')), 'us-east-1'),
    S3_ENDPOINT: v.optional(
      v.pipe(v.string(), v.regex(/^https?:\/\/[^\s/]+\/?$/, 'S3_ENDPOINT must be an address like https://s3.example.org:9000')),
    ),
    S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE'),
    S3_PREFIX: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^([A-Za-z0-9._-]+\/)*$/, 'S3_PREFIX must be empty or folder names each ending in / (like kesher/)'),
        v.check(prefix => !prefix.split('/').some(part => part === '.' || part === '..'), 'S3_PREFIX may not hold . or ..'),
      ),
      '',
    ),
    S3_ACCESS_KEY_ID: named('S3_ACCESS_KEY_ID', 'set it, or leave out both keys'),
    S3_SECRET_ACCESS_KEY: named('S3_SECRET_ACCESS_KEY', 'set it, or leave out both keys'),
  }),
  v.check(
    env => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined),
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the SDK then finds credentials itself)',
  ),
);

/** The storage settings, or a StorageConfigError naming what is wrong (the messages hold names, never values). */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const kind = env.FILE_STORAGE || 'local';
  if (kind === 'local') {
    return {kind, filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : path.join(dataDir(env), 'files')};
  }
  if (kind !== 's3') throw new StorageConfigError(`FILE_STORAGE must be local or s3 (got ${JSON.stringify(kind)})`);
  // Empty variables count as absent, as in an environment file's "S3_ENDPOINT=".
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('S3_') && value !== ''));
  if (!given.S3_BUCKET)
    throw new StorageConfigError('FILE_STORAGE=s3 needs S3_BUCKET, the bucket that holds uploads and exports');
  const parsed = v.safeParse(S3_ENV, given);
  if (!parsed.success) {
    throw new StorageConfigError(`file storage: ${parsed.issues.map(issue => issue.message).join('; ')}`);
  }
  const s3 = parsed.output;
  return {
    kind,
    s3: {
      bucket: s3.S3_BUCKET,
      region: s3.S3_REGION,
      endpoint: s3.S3_ENDPOINT,
      // An endpoint of one's own is nearly always path-style (no DNS name per bucket); AWS itself is not.
      forcePathStyle: s3.S3_FORCE_PATH_STYLE ?? s3.S3_ENDPOINT !== undefined,
      credentials:
        s3.S3_ACCESS_KEY_ID && s3.S3_SECRET_ACCESS_KEY
          ? {accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY}
          : undefined,
    },
    prefix: s3.S3_PREFIX,
    filesPrefix: `${s3.S3_PREFIX}files/`,
    exportsPrefix: `${s3.S3_PREFIX}exports/`,
  };
}

/** Uploaded photos and documents: FILES_DIR (default <data>/files/), or <S3_PREFIX>files/ in the bucket. */
export function fileStorageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const config = storageConfigFromEnv(env);
  if (config.kind === 'local') return localDiskStorage(config.filesDir);
  return s3Storage(s3Client(config.s3), config.s3.bucket, config.filesPrefix);
}

/**
 * Finished exports: the exports folder itself (<id>.xlsx beside the sheets being written, as before),
 * or <S3_PREFIX>exports/ in the bucket.
 */
export function exportStorageFromEnv(exportsDir: string, env: NodeJS.ProcessEnv = process.env): FileStorage {
  const config = storageConfigFromEnv(env);
  if (config.kind === 'local') return localDiskStorage(exportsDir, {suffix: '.xlsx'});
  return s3Storage(s3Client(config.s3), config.s3.bucket, config.exportsPrefix);
}
