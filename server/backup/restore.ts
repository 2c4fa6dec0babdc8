import {createHash} from 'node:crypto';
import {chmodSync, chownSync, createReadStream, createWriteStream, existsSync, readdirSync} from 'node:fs';
import {mkdir, open, readFile, rm, stat, writeFile} from 'node:fs/promises';
import {createServer} from 'node:net';
import path from 'node:path';
import {PassThrough, Transform, type Readable, type Writable} from 'node:stream';
import {finished} from 'node:stream/promises';
import {createGunzip} from 'node:zlib';
import * as tar from 'tar';
import {connect} from '../db/sql.ts';
import {clusterLocation, startEmbeddedPostgres} from '../stack/embedded-postgres.ts';
import {countRows, MANIFEST_VERSION, sha256File, type BackupManifest} from './backup.ts';
import {decryptStream, isEncrypted, MAGIC} from './encryption.ts';

/**
 * `npm run restore -- <backup> [--to <dataDir>]`: a backup into an empty data folder, the layout the
 * embedded Postgres runs (`<dataDir>/pg`, or where clusterLocation puts it; pg-password; files/ or
 * FILES_DIR). Every byte is checked: the archive's and each file's SHA-256 against manifest.json, and
 * each file of the database's data directory against the server's own backup_manifest. Then, for a
 * backup of the embedded Postgres, the restored cluster is started once on a free port: Postgres
 * replays the WAL to the backup's consistent point, the backup's own backup_run row (which the backup
 * holds as "running") is completed, and the tables are counted against the manifest.
 *
 * A backup of an external Postgres restores the same way into a data directory that its own major
 * version runs (docs/operations.md, "Backups").
 */

export type RestoreOptions = {
  file: string;
  dataDir: string;
  /** FILES_DIR, when uploads live outside the data folder. */
  filesDir?: string;
  key?: Buffer;
  log?: (line: string) => void;
};

export type RestoreResult = {
  manifest: BackupManifest;
  pgData: string;
  /** Where the uploaded files were restored (also those the backup copied from a bucket). */
  filesDir: string;
  /** Rows per table in the restored database, when it was started (a backup of the embedded Postgres). */
  tables?: Record<string, number>;
  ms: number;
};

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const filesDir = options.filesDir ? path.resolve(options.filesDir) : path.join(dataDir, 'files');
  await mkdir(dataDir, {recursive: true}); // as startEmbeddedPostgres: the postgres OS user must enter it
  const location = clusterLocation(dataDir);
  refuseNonEmpty(dataDir, filesDir, location.pgData);

  let unpacked;
  try {
    const targets: Targets = {
      dataDir,
      filesDir,
      pgData: location.pgData,
      base: location.moved ? location.base : undefined,
      user: location.user,
    };
    await makeTargetDirs(targets);
    // Nothing may wait between opening and unpacking: the backup flows at once, and an error (a wrong key)
    // raised before unpackBackup listens would be thrown as uncaught, leaving the restore hanging.
    unpacked = await unpackBackup(await openBackup(options.file, options.key), targets);
    if (unpacked.dbHash !== unpacked.manifest.database.sha256) {
      throw new Error('the database archive does not match its checksum');
    }
    for (const file of unpacked.manifest.files) {
      if (unpacked.fileHashes.get(file.path) !== file.sha256) throw new Error(`files/${file.path} is missing or damaged`);
    }
    await verifyDataDirectory(location.pgData);
  } catch (error) {
    // The target was empty: leave it so, ready for another try.
    for (const dir of [location.pgData, filesDir]) await rm(dir, {recursive: true, force: true, maxRetries: 5});
    throw error;
  }
  const {manifest, passwordText} = unpacked;
  log(`unpacked the database (${manifest.database.serverVersion}) into ${location.pgData} and ${manifest.files.length} files`);

  if (manifest.database.source !== 'embedded' || passwordText === undefined) {
    log(
      `a backup of an external Postgres: run ${location.pgData} with PostgreSQL ${manifest.database.serverVersion.split('.')[0]}`,
    );
    return {manifest, pgData: location.pgData, filesDir, ms: performance.now() - started};
  }
  await writeFile(path.join(dataDir, 'pg-password'), passwordText, {mode: 0o600});
  const tables = await startOnce(dataDir, manifest, options.file, log);
  return {manifest, pgData: location.pgData, filesDir, tables, ms: performance.now() - started};
}

/** Only an empty target: the data folder may hold backups/ (where the backup itself may lie) and nothing else. */
function refuseNonEmpty(dataDir: string, filesDir: string, pgData: string) {
  const busy = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;
  const others = readdirSync(dataDir).filter(name => name !== 'backups');
  if (others.length || busy(filesDir) || busy(pgData)) {
    const what = others.length ? others.join(', ') : busy(filesDir) ? filesDir : pgData;
    throw new Error(`refusing to restore into ${dataDir}: it is not empty (${what}). Restore into a new folder (--to).`);
  }
}

/** The backup as a stream of its tar archive: decrypted (BACKUP_KEY) and decompressed. */
async function openBackup(file: string, key: Buffer | undefined): Promise<Readable> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(MAGIC.length);
  await handle.read(head, 0, head.length, 0);
  await handle.close();
  const raw = createReadStream(file);
  if (!isEncrypted(head)) return raw.pipe(createGunzip());
  if (!key) throw new Error('this backup is encrypted: set BACKUP_KEY to the key it was made with');
  const decrypt = decryptStream(key);
  const gunzip = createGunzip();
  // Errors (a wrong key above all) must reach whoever reads the end of the chain.
  raw.once('error', error => gunzip.destroy(error));
  decrypt.once('error', error => gunzip.destroy(error));
  return raw.pipe(decrypt).pipe(gunzip);
}

type Targets = {
  dataDir: string;
  filesDir: string;
  pgData: string;
  base: string | undefined;
  user: {uid: number; gid: number} | undefined;
};

async function makeTargetDirs({base, pgData, user}: Targets) {
  if (base) await mkdir(base, {recursive: true, mode: 0o755});
  await mkdir(pgData, {recursive: true, mode: 0o700});
  if (user) chownSync(pgData, user.uid, user.gid);
}

/** Listens to `input` before anything waits: see restoreBackup. */
async function unpackBackup(input: Readable, targets: Targets) {
  const {user} = targets;
  let manifest: BackupManifest | undefined;
  let passwordText: string | undefined;
  let dbHash: string | undefined;
  const fileHashes = new Map<string, string>();
  const pending: Array<Promise<unknown>> = [];
  /** Stops each writer still at work, when the archive turns out damaged halfway. */
  const stops: Array<(error: Error) => void> = [];
  let failure: Error | undefined;

  const parser = new tar.Parser({strict: true});
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', () => resolve());
    parser.on('error', reject);
    input.once('error', reject);
  });
  parser.on('entry', (entry: tar.ReadEntry) => {
    const name = entry.path.replace(/^\.\//, '');
    const hashed = (done: (hex: string) => void) => {
      const hash = createHash('sha256');
      const tap = new Transform({
        transform(chunk: Buffer, _e, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
        flush(callback) {
          done(hash.digest('hex'));
          callback();
        },
      });
      entry.pipe(tap);
      return tap;
    };
    const text = (keep: (value: string) => void) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => keep(Buffer.concat(chunks).toString('utf8')));
    };
    if (entry.type !== 'File') return entry.resume();
    if (name === 'manifest.json') {
      return text(value => {
        manifest = JSON.parse(value) as BackupManifest;
        if (manifest.format !== 'kesher-backup' || manifest.version > MANIFEST_VERSION) {
          parser.abort(new Error('not a Kesher backup, or one from a newer version'));
        }
      });
    }
    if (!manifest) return parser.abort(new Error('not a Kesher backup (its manifest.json does not come first)'));
    if (name === 'pg-password') return text(value => (passwordText = value));
    if (name === 'pg/base.tar') {
      const unpack = new tar.Unpack({
        cwd: targets.pgData,
        strict: true,
        ...(user ? {uid: user.uid, gid: user.gid, preserveOwner: false} : {preserveOwner: false}),
      });
      pending.push(new Promise((resolve, reject) => unpack.on('close', resolve).on('error', reject)));
      stops.push(error => unpack.abort(error));
      hashed(hex => (dbHash = hex)).pipe(unpack as unknown as Writable);
      return;
    }
    const target =
      name === 'pg/backup_manifest'
        ? path.join(targets.pgData, 'backup_manifest')
        : name.startsWith('files/')
          ? path.join(targets.filesDir, path.normalize(name.slice('files/'.length)))
          : undefined;
    if (!target || !target.startsWith(name.startsWith('files/') ? targets.filesDir + path.sep : targets.pgData)) {
      return entry.resume(); // something this version does not know: left out
    }
    const out = (async () => {
      await mkdir(path.dirname(target), {recursive: true, mode: 0o700});
      if (failure) throw failure;
      const sink = createWriteStream(target, {mode: 0o600});
      const through = new PassThrough();
      stops.push(error => sink.destroy(error));
      hashed(hex => name.startsWith('files/') && fileHashes.set(name.slice('files/'.length), hex)).pipe(through);
      through.pipe(sink);
      await finished(sink);
      if (user && target.startsWith(targets.pgData)) chownSync(target, user.uid, user.gid);
    })();
    pending.push(out);
  });
  input.on('data', (chunk: Buffer) => {
    if (!parser.write(chunk)) {
      input.pause();
      parser.once('drain', () => input.resume());
    }
  });
  input.once('end', () => parser.end());
  try {
    await parsed;
    await Promise.all(pending);
  } catch (error) {
    // The caller empties the target next: no write may still be landing in it then.
    failure = error as Error;
    for (const stop of stops) stop(failure);
    await Promise.allSettled(pending);
    throw error;
  }
  if (!manifest) throw new Error('not a Kesher backup (no manifest.json)');
  if (dbHash === undefined) throw new Error('the backup holds no database archive');
  chmodSync(targets.pgData, 0o700);
  return {manifest, passwordText, dbHash, fileHashes};
}

/** Every file the server listed in backup_manifest, with the size and SHA-256 it gave (what pg_verifybackup checks). */
async function verifyDataDirectory(pgData: string) {
  const listed = JSON.parse(await readFile(path.join(pgData, 'backup_manifest'), 'utf8')) as {
    Files: Array<{Path?: string; Size: number; 'Checksum-Algorithm'?: string; Checksum?: string}>;
  };
  for (const file of listed.Files) {
    if (!file.Path) continue; // an Encoded-Path (not UTF-8): none in a Kesher cluster
    const full = path.join(pgData, file.Path);
    const size = existsSync(full) ? (await stat(full)).size : -1;
    if (size !== file.Size) throw new Error(`the database file ${file.Path} is missing or has the wrong size`);
    if (file['Checksum-Algorithm'] === 'SHA256' && (await sha256File(full)) !== file.Checksum) {
      throw new Error(`the database file ${file.Path} is damaged (checksum)`);
    }
  }
}

/**
 * Starts the restored cluster once (on a free port) and stops it: Postgres replays the backup's WAL and
 * ends recovery, so the first `npm start` finds a ready database. The backup_run row of this very backup,
 * which the backup holds as still running, is completed from the file; returns the tables' row counts.
 */
async function startOnce(dataDir: string, manifest: BackupManifest, file: string, log: (line: string) => void) {
  const port = await freePort();
  log(`starting the restored database once (port ${port}) to replay its WAL`);
  const pg = await startEmbeddedPostgres({dataDir, port, log, onOutput: () => {}});
  const sql = connect(pg.url, {max: 1});
  try {
    const {size, mtime} = await stat(file);
    await sql`UPDATE backup_run SET ok = true, error = NULL, size_bytes = ${size},
      finished_at = coalesce(finished_at, ${mtime}) WHERE id = ${manifest.id} AND NOT ok`;
    return await countRows(sql);
  } finally {
    await sql.end({timeout: 2});
    await pg.stop();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}
