import {randomBytes} from 'node:crypto';
import {copyFile, mkdir, open, readdir, readFile, rename, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {Readable} from 'node:stream';

/**
 * Where uploaded bytes and finished exports live, by key. The database holds the metadata (profile_file,
 * export_job) and derives the key from the row's id; this interface is all the routes know. Two
 * implementations: a local folder (here) and an S3-compatible bucket (s3-storage.ts); which one the API
 * server uses comes from the environment (storage-env.ts). Every write is whole or absent: a reader never
 * sees half a file.
 */
export interface FileStorage {
  /** Where the bytes live, for messages and the backup's manifest (never a secret): a folder, or s3://bucket/prefix. */
  readonly where: string;
  /** Stores the bytes under key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Moves a complete local file in under key (large ones are never held in memory); the file is gone
   * afterwards, also when this fails.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The bytes under key, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The bytes under key as a stream, with their size; undefined when there are none. */
  open(key: string): Promise<{size: number; body: ReadableStream<Uint8Array>} | undefined>;
  /** Removes the bytes under key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored, in no particular order (what the backup copies from a bucket). */
  keys(): AsyncIterable<string>;
}

/** Keys are ids (nanoid alphabet), never paths: nothing can escape the storage folder or prefix. */
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

export const isStorageKey = (key: string) => KEY.test(key);

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in one folder (created on first write), written atomically (a temporary *.part file renamed):
 * a reader never sees half a file. `suffix` ends each file's name (the exports' ".xlsx").
 */
export function localDiskStorage(dir: string, {suffix = ''}: {suffix?: string} = {}): FileStorage {
  const fileOf = (key: string) => path.join(dir, checkedKey(key) + suffix);
  const partialOf = (target: string) => `${target}.${randomBytes(6).toString('hex')}.part`;
  return {
    where: dir,
    async put(key, bytes) {
      const target = fileOf(key);
      await mkdir(dir, {recursive: true, mode: 0o700});
      const partial = partialOf(target);
      try {
        await writeFile(partial, bytes, {mode: 0o600});
        await rename(partial, target);
      } catch (error) {
        await rm(partial, {force: true});
        throw error;
      }
    },
    async putFile(key, file) {
      const target = fileOf(key);
      try {
        await mkdir(dir, {recursive: true, mode: 0o700});
        await rename(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another file system: a copy beside the target, renamed whole.
        const partial = partialOf(target);
        try {
          await copyFile(file, partial);
          await rename(partial, target);
        } finally {
          await rm(partial, {force: true});
        }
      } finally {
        await rm(file, {force: true});
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // Opened first, then measured: a file deleted meanwhile is still read whole.
      const {size} = await handle.stat();
      return {size, body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>};
    },
    async delete(key) {
      await rm(fileOf(key), {force: true});
    },
    async *keys() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names) {
        if (!name.endsWith(suffix)) continue;
        const key = name.slice(0, name.length - suffix.length);
        if (KEY.test(key)) yield key;
      }
    },
  };
}
