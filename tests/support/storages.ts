import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {GetObjectCommand, ListObjectsV2Command, S3Client} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import {s3Client, s3Storage} from '../../server/files/s3-storage.ts';
import {localDiskStorage, type FileStorage} from '../../server/files/storage.ts';

/**
 * The two file storages a test runs its routes against (server/files/storage-env.ts): a local folder, and
 * an S3 bucket in s3rver (an S3 stand-in from the npm registry) on its own port and temporary folder.
 * `stored` and `read` look at what is really there without the storage under test: the folder's
 * entries, or the bucket's objects through a client of their own.
 */
export const STORAGE_KINDS = ['local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export type TestStorage = {
  kind: StorageKind;
  /** What the API is given. */
  storage: FileStorage;
  /** The keys really stored (sorted): file names in the folder, object keys under the prefix in the bucket. */
  stored(): Promise<string[]>;
  /** The bytes really stored under key, or undefined. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** Stops the stand-in and removes its folder. */
  close(): Promise<void>;
};

export const TEST_BUCKET = 'kesher-test';
const STAND_IN_KEYS = {accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER'};

/** s3rver on a free loopback port, with one empty bucket, its objects in a temporary folder. */
export async function startS3StandIn() {
  const directory = await mkdtemp(path.join(tmpdir(), 'kesher-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{name: TEST_BUCKET, configs: []}],
  });
  const {port} = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {bucket: TEST_BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: STAND_IN_KEYS};
  // The observer: a plain client with the SDK's defaults, not the one the storage uses.
  const observer = new S3Client({region: 'us-east-1', endpoint, forcePathStyle: true, credentials: STAND_IN_KEYS});
  return {
    endpoint,
    settings,
    /** The variables that select this bucket (docs/operations.md, "File storage"). */
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: STAND_IN_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: STAND_IN_KEYS.secretAccessKey,
    },
    storage: (prefix: string) => s3Storage(s3Client(settings), TEST_BUCKET, prefix),
    /** Every object key under prefix, as the bucket lists it. */
    async objects(prefix: string) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await observer.send(
          new ListObjectsV2Command({Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken: token}),
        );
        for (const object of page.Contents ?? []) keys.push(object.Key!);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async object(key: string): Promise<Uint8Array | undefined> {
      try {
        const got = await observer.send(new GetObjectCommand({Bucket: TEST_BUCKET, Key: key}));
        return await got.Body!.transformToByteArray();
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async close() {
      observer.destroy();
      await server.close();
      await rm(directory, {recursive: true, force: true});
    },
  };
}

/**
 * A storage of this kind for one test file: a folder (`dir`, else a temporary one), or a prefix in a fresh
 * stand-in's bucket. `suffix` is the local folder's file ending (the exports' ".xlsx").
 */
export async function openTestStorage(
  kind: StorageKind,
  options: {prefix?: string; suffix?: string; dir?: string} = {},
): Promise<TestStorage> {
  const {prefix = 'files/', suffix = ''} = options;
  if (kind === 'local') {
    const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'kesher-storage-')));
    const file = (key: string) => path.join(dir, key + suffix);
    return {
      kind,
      storage: localDiskStorage(dir, {suffix}),
      stored: async () =>
        (await readdir(dir).catch(() => [] as string[]))
          .filter(name => name.endsWith(suffix))
          .map(name => name.slice(0, name.length - suffix.length))
          .sort(),
      read: key =>
        readFile(file(key)).then(
          bytes => new Uint8Array(bytes),
          () => undefined,
        ),
      close: () => rm(dir, {recursive: true, force: true}),
    };
  }
  const s3 = await startS3StandIn();
  return {
    kind,
    storage: s3.storage(prefix),
    stored: async () => (await s3.objects(prefix)).map(key => key.slice(prefix.length)),
    read: key => s3.object(prefix + key),
    close: () => s3.close(),
  };
}
