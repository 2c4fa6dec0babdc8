import {createHash} from 'node:crypto';
import {createReadStream, createWriteStream, existsSync} from 'node:fs';
import {copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {Readable} from 'node:stream';
import type {ReadableStream as NodeReadableStream} from 'node:stream/web';
import {pipeline} from 'node:stream/promises';
import {createGzip} from 'node:zlib';
import * as tar from 'tar';
import type {Sql} from '../db/sql.ts';
import type {FileStorage} from '../files/storage.ts';
import {baseBackup, walRange} from './base-backup.ts';
import {encryptStream} from './encryption.ts';
import type {BackupSettings} from './settings.ts';

/**
 * `npm run backup`: one file, kesher-<UTC time>.tar.gz (.enc when BACKUP_KEY is set), in BACKUP_DIR,
 * made while the app runs. Inside: manifest.json (first), pg/base.tar and pg/backup_manifest (the
 * server's own base backup, base-backup.ts), files/ (the uploaded files) and, for the embedded
 * Postgres, pg-password. A backup_run row records it (the administration's system status reads it).
 *
 * Uploaded files are written once under a new key and replaced by rename (server/files/storage.ts), so
 * they are taken as hard links (a copy on another file system) before the database and again after
 * it: every file that existed at the database's consistent point is in the backup, unless it was both
 * created and deleted while the backup ran. With FILE_STORAGE=s3 the same holds for the bucket's objects
 * (written once under a new key, never changed): they are listed and downloaded into the backup before and
 * after the database, so a backup restores whole even when the bucket is lost (docs/operations.md, "File
 * storage"); the manifest's filesFrom names the bucket. Exports are not backed up (they live a day).
 */

export const MANIFEST_VERSION = 1;
export const BACKUP_NAME = /^kesher-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.tar\.gz(\.enc)?$/;
/** Any fixed number: one backup at a time per database. */
const BACKUP_LOCK = 4_242_032;

export type BackupManifest = {
  format: 'kesher-backup';
  version: number;
  id: string;
  startedAt: string;
  /** The database as the backup holds it: consistent once replay reaches walEnd. */
  database: {
    source: 'embedded' | 'external';
    serverVersion: string;
    archive: string;
    bytes: number;
    sha256: string;
    walStart: string;
    walEnd: string;
    timeline: number;
  };
  files: Array<{path: string; bytes: number; sha256: string}>;
  /** Where the files were copied from: the folder, or s3://bucket/prefix/files/ (absent in backups made before FILE_STORAGE). */
  filesFrom?: string;
  /** Rows per table of the public schema, counted just after the consistent point (a busy table may differ by a few). */
  tables: Record<string, number>;
};

export type BackupResult = {id: string; file: string; bytes: number; manifest: BackupManifest; pruned: string[]; ms: number};

export type BackupOptions = {
  sql: Sql;
  databaseURL: string;
  /** The embedded Postgres of settings.dataDir: its pg-password goes into the backup. */
  embedded: boolean;
  settings: BackupSettings;
  log?: (line: string) => void;
};

export async function makeBackup(options: BackupOptions): Promise<BackupResult> {
  const {sql, settings} = options;
  const log = options.log ?? (() => {});
  const started = performance.now();
  await mkdir(settings.backupDir, {recursive: true, mode: 0o700});
  const lock = await sql.reserve();
  try {
    const [{locked}] = await lock<[{locked: boolean}]>`SELECT pg_try_advisory_lock(${BACKUP_LOCK}) AS locked`;
    if (!locked) throw new Error('another backup of this database is running');
    const {id, startedAt} = await claimName(sql, settings);
    const fileName = `kesher-${id}.tar.gz${settings.key ? '.enc' : ''}`;
    await sql`INSERT INTO backup_run (id, started_at, file_name, encrypted)
      VALUES (${id}, ${startedAt}, ${fileName}, ${settings.key !== undefined})`;
    const stage = path.join(settings.backupDir, `.kesher-${id}.partial`);
    const target = path.join(settings.backupDir, fileName);
    try {
      const manifest = await stageBackup(options, stage, id, startedAt, log);
      log('compressing' + (settings.key ? ' and encrypting' : ''));
      const partial = `${target}.partial`;
      const entries = ['manifest.json', ...(options.embedded ? ['pg-password'] : []), 'pg', 'files'];
      const archive = tar.c({cwd: stage, portable: true}, entries) as unknown as AsyncIterable<Buffer>;
      const sink = createWriteStream(partial, {mode: 0o600});
      if (settings.key) await pipeline(archive, createGzip({level: 6}), encryptStream(settings.key), sink);
      else await pipeline(archive, createGzip({level: 6}), sink);
      await rename(partial, target);
      const {size} = await stat(target);
      await sql`UPDATE backup_run SET ok = true, finished_at = now(), size_bytes = ${size} WHERE id = ${id}`;
      const pruned = await prune(settings.backupDir, settings.keep);
      return {id, file: target, bytes: size, manifest, pruned, ms: performance.now() - started};
    } catch (error) {
      await rm(`${target}.partial`, {force: true});
      const message = (error as Error).message;
      await sql`UPDATE backup_run SET error = ${message}, finished_at = now() WHERE id = ${id}`.catch(() => {});
      throw error;
    } finally {
      await rm(stage, {recursive: true, force: true});
    }
  } finally {
    await lock`SELECT pg_advisory_unlock_all()`.catch(() => {});
    lock.release();
  }
}

/** The backup's id: the UTC time to the second; a second already taken waits for the next. */
async function claimName(sql: Sql, settings: BackupSettings) {
  for (;;) {
    const startedAt = new Date();
    const id = startedAt
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    const taken =
      existsSync(path.join(settings.backupDir, `kesher-${id}.tar.gz`)) ||
      existsSync(path.join(settings.backupDir, `kesher-${id}.tar.gz.enc`)) ||
      (await sql`SELECT 1 FROM backup_run WHERE id = ${id}`).length > 0;
    if (!taken) return {id, startedAt};
    await new Promise(resolve => setTimeout(resolve, 1000 - startedAt.getMilliseconds()));
  }
}

async function stageBackup(
  options: BackupOptions,
  stage: string,
  id: string,
  startedAt: Date,
  log: (line: string) => void,
): Promise<BackupManifest> {
  const {sql, settings} = options;
  await rm(stage, {recursive: true, force: true});
  await mkdir(path.join(stage, 'pg'), {recursive: true, mode: 0o700});
  const filesStage = path.join(stage, 'files');
  await mkdir(filesStage, {mode: 0o700});
  const seen = new Set<string>();
  const {bucket} = settings;
  const take = () => (bucket ? takeObjects(bucket, filesStage, seen) : takeFiles(settings.filesDir, filesStage, seen));
  if (bucket) log(`copying the uploaded files from ${bucket.where}`);
  await take();

  log('copying the database (BASE_BACKUP)');
  const [{version}] = await sql<[{version: string}]>`SELECT current_setting('server_version') AS version`;
  const db = await baseBackup(options.databaseURL, path.join(stage, 'pg', 'base.tar'), path.join(stage, 'pg', 'backup_manifest'));
  const wal = walRange(await readFile(path.join(stage, 'pg', 'backup_manifest'), 'utf8'));
  await take();
  const tables = await countRows(sql);
  if (options.embedded) {
    await copyFile(path.join(settings.dataDir, 'pg-password'), path.join(stage, 'pg-password'));
  }

  const files: BackupManifest['files'] = [];
  for (const rel of [...seen].sort()) {
    const full = path.join(filesStage, rel);
    files.push({path: rel, bytes: (await stat(full)).size, sha256: await sha256File(full)});
  }
  const manifest: BackupManifest = {
    format: 'kesher-backup',
    version: MANIFEST_VERSION,
    id,
    startedAt: startedAt.toISOString(),
    database: {
      source: options.embedded ? 'embedded' : 'external',
      serverVersion: version,
      archive: 'pg/base.tar',
      bytes: db.bytes,
      sha256: db.sha256,
      walStart: wal.start,
      walEnd: wal.end,
      timeline: wal.timeline,
    },
    files,
    filesFrom: bucket ? bucket.where : settings.filesDir,
    tables,
  };
  await writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2), {mode: 0o600});
  log(`database ${(db.bytes / 1e6).toFixed(1)} MB (consistent at ${wal.end}), ${files.length} files from ${manifest.filesFrom}`);
  return manifest;
}

/** Links (or copies) every uploaded file not taken yet into the stage; unfinished uploads (*.part) are left. */
async function takeFiles(filesDir: string, stage: string, seen: Set<string>) {
  let entries;
  try {
    entries = await readdir(filesDir, {recursive: true, withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(filesDir, from);
    if (seen.has(rel)) continue;
    const to = path.join(stage, rel);
    await mkdir(path.dirname(to), {recursive: true, mode: 0o700});
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted meanwhile
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      try {
        await copyFile(from, to);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw copyError;
      }
    }
    seen.add(rel);
  }
}

/** Downloads every object of the bucket not taken yet into the stage (an object deleted meanwhile is left out). */
async function takeObjects(bucket: FileStorage, stage: string, seen: Set<string>) {
  const keys = [];
  for await (const key of bucket.keys()) if (!seen.has(key)) keys.push(key);
  for (const key of keys) {
    const stored = await bucket.open(key);
    if (!stored) continue;
    await pipeline(Readable.fromWeb(stored.body as NodeReadableStream), createWriteStream(path.join(stage, key), {mode: 0o600}));
    seen.add(key);
  }
}

/** Rows of every table of the public schema, read in one snapshot. */
export async function countRows(sql: Sql): Promise<Record<string, number>> {
  return sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async tx => {
    const tables = await tx<Array<{name: string}>>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`;
    const counts: Record<string, number> = {};
    for (const {name} of tables) {
      const [{n}] = await tx.unsafe<[{n: string}]>(`SELECT count(*) AS n FROM public."${name.replaceAll('"', '""')}"`);
      counts[name] = Number(n);
    }
    return counts;
  });
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Keeps the newest `keep` backups in dir (by the time in their names); returns the names removed. */
export async function prune(dir: string, keep: number): Promise<string[]> {
  const backups = (await readdir(dir)).filter(name => BACKUP_NAME.test(name)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await rm(path.join(dir, name), {force: true});
  return old;
}
