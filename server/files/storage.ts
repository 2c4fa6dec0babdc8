import {randomBytes} from 'node:crypto';
import {mkdir, readFile, rename, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {dataDir} from '../config.ts';

/**
 * Where uploaded bytes live, by key. The database holds the metadata (profile_file) and derives the key
 * from the row's id; this interface is all the routes know, so an S3-compatible store (PutObject,
 * GetObject, DeleteObject on a bucket) can replace the local disk without touching them.
 */
export interface FileStorage {
  /** Stores the bytes under key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under key, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the bytes under key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ids (nanoid alphabet), never paths: nothing can escape the storage folder. */
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder (created on first write), written atomically: a reader never sees half a file. */
export function localDiskStorage(dir: string): FileStorage {
  return {
    async put(key, bytes) {
      const target = path.join(dir, checked(key));
      await mkdir(dir, {recursive: true, mode: 0o700});
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes, {mode: 0o600});
        await rename(partial, target);
      } catch (error) {
        await rm(partial, {force: true});
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path.join(dir, checked(key))));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(path.join(dir, checked(key)), {force: true});
    },
  };
}

/** The storage the API server uses: FILES_DIR, else files/ in the data folder (.data/files/). */
export function fileStorageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  return localDiskStorage(env.FILES_DIR ? path.resolve(env.FILES_DIR) : path.join(dataDir(env), 'files'));
}
