import {createHash, randomBytes} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from '@rocicorp/zero-sqlite3';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {ROOT, readPorts} from '../../server/config.ts';
import {makeBackup, type BackupResult} from '../../server/backup/backup.ts';
import {restoreBackup, type RestoreResult} from '../../server/backup/restore.ts';
import {backupSettings} from '../../server/backup/settings.ts';
import {connect, type Sql} from '../../server/db/sql.ts';
import {localDiskStorage} from '../../server/files/storage.ts';
import {clusterLocation} from '../../server/stack/embedded-postgres.ts';
import {startStack, type Stack} from '../../server/stack/stack.ts';
import {startS3StandIn} from '../support/storages.ts';

/**
 * Issue 32, backups: a seeded stack of its own (ports +300) with uploaded files is backed up by the real
 * command's code while a writer inserts notes, restored into a fresh folder, and started as a second
 * stack (ports +320). Every table's rows and checksum and every file's hash must be the source's as of
 * the backup: tables nobody wrote to equal the source; the writer's notes are a prefix of what it wrote,
 * at least every note committed before the backup began and none written after it ended.
 */

const sourceDir = path.join(ROOT, '.data', 'backup-source');
const restoredDir = path.join(ROOT, '.data', 'backup-restored');
const backupDir = path.join(ROOT, '.data', 'backup-files');
const scratchDir = path.join(ROOT, '.data', 'backup-scratch');
const bucketDir = path.join(ROOT, '.data', 'backup-bucket');
const key = randomBytes(32).toString('base64');
const WRITER = 'w-';

let source: Stack | undefined;
let restored: Stack | undefined;
let sourceSql: Sql;
let before: Map<string, TableSum>;
let backup: BackupResult;
let restore: RestoreResult;
const writer = {committed: 0, atStart: 0, atEnd: 0, stop: false, done: Promise.resolve()};

type TableSum = {rows: number; md5: string | null};

/** Rows and an md5 of the ordered rows' text, per table of the public schema (`except` rows left out). */
async function tableSums(sql: Sql, except?: {table: string; where: string}) {
  const tables = await sql<Array<{name: string}>>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`;
  const sums = new Map<string, TableSum>();
  for (const {name} of tables) {
    const filter = except?.table === name ? `WHERE NOT (${except.where})` : '';
    const [row] = await sql.unsafe<[{rows: string; md5: string | null}]>(
      `SELECT count(*) AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS md5 FROM public."${name}" t ${filter}`,
    );
    sums.set(name, {rows: Number(row!.rows), md5: row!.md5});
  }
  return sums;
}

function filesOf(dir: string) {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir).map(name => [
      name,
      createHash('sha256')
        .update(readFileSync(path.join(dir, name)))
        .digest('hex'),
    ]),
  );
}

beforeAll(async () => {
  for (const dir of [sourceDir, restoredDir, backupDir, scratchDir, bucketDir]) rmSync(dir, {recursive: true, force: true});
  source = await startStack({
    ports: readPorts({}, 300),
    dataDir: sourceDir,
    fresh: true,
    production: false,
    vite: false,
    seedProfiles: 300, // npm start's demo data
    zeroLogLevel: 'error',
  });
  sourceSql = connect(source.databaseURL, {max: 4});
  const storage = localDiskStorage(path.join(sourceDir, 'files'));
  await storage.put('photo-backup-1', randomBytes(200_000), 'image/jpeg');
  await storage.put('document-backup-2', new TextEncoder().encode('a document'), 'application/pdf');

  // The writer: one note at a time, each committed on its own, numbered in order.
  const [{profile, author}] = await sourceSql<[{profile: string; author: string}]>`
    SELECT (SELECT id FROM profile ORDER BY id LIMIT 1) AS profile, (SELECT id FROM app_user ORDER BY id LIMIT 1) AS author`;
  before = await tableSums(sourceSql);
  writer.done = (async () => {
    while (!writer.stop) {
      const n = writer.committed + 1;
      const id = `${WRITER}${String(n).padStart(6, '0')}`;
      await sourceSql`INSERT INTO profile_note (id, profile_id, author_id, body) VALUES (${id}, ${profile}, ${author}, ${`note ${n}`})`;
      writer.committed = n;
    }
  })();
  while (writer.committed < 20) await new Promise(r => setTimeout(r, 10));

  writer.atStart = writer.committed;
  const settings = backupSettings({KESHER_DATA_DIR: sourceDir, BACKUP_DIR: backupDir, BACKUP_KEY: key, BACKUP_KEEP: '2'});
  backup = await makeBackup({sql: sourceSql, databaseURL: source.databaseURL, embedded: true, settings});
  writer.atEnd = writer.committed;
  writer.stop = true;
  await writer.done;
  console.log(
    `backup: ${(backup.bytes / 1e6).toFixed(2)} MB (database ${(backup.manifest.database.bytes / 1e6).toFixed(1)} MB uncompressed), ` +
      `${(backup.ms / 1000).toFixed(1)} s, ${writer.atEnd - writer.atStart} notes written meanwhile`,
  );

  restore = await restoreBackup({file: backup.file, dataDir: restoredDir, key: Buffer.from(key, 'base64')});
  console.log(`restore: ${(restore.ms / 1000).toFixed(1)} s`);
  const started = performance.now();
  restored = await startStack({
    ports: readPorts({}, 320),
    dataDir: restoredDir,
    production: false,
    vite: false,
    seedProfiles: 300,
    zeroLogLevel: 'error',
  });
  console.log(`the restored stack served in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 200_000);

afterAll(async () => {
  writer.stop = true;
  await writer.done.catch(() => {});
  await sourceSql?.end({timeout: 2});
  await restored?.stop();
  await source?.stop();
}, 60_000);

describe('a backup restored into a fresh folder', () => {
  test('holds every table as the source had it, and the writer’s notes as a consistent prefix', async () => {
    const sql = connect(restored!.databaseURL, {max: 1});
    try {
      const after = await tableSums(sql, {table: 'profile_note', where: `id LIKE '${WRITER}%'`});
      const sourceNow = await tableSums(sourceSql, {table: 'profile_note', where: `id LIKE '${WRITER}%'`});
      expect([...after.keys()]).toEqual([...before.keys()]);
      const compared: string[] = [];
      for (const [table, sum] of before) {
        if (table === 'backup_run') continue; // below
        // A table the running source changed by itself (none expected) has no single state to compare with.
        if (JSON.stringify(sourceNow.get(table)) !== JSON.stringify(sum)) continue;
        expect({table, ...after.get(table)}).toEqual({table, ...sum});
        if (table !== 'profile_note') expect({table, rows: backup.manifest.tables[table]}).toEqual({table, rows: sum.rows});
        compared.push(table);
      }
      expect(compared.length).toBeGreaterThan(before.size - 3);
      expect(before.get('profile')!.rows).toBe(300);

      // The writer's notes: 1..k without a gap, each as the source has it, with atStart <= k <= atEnd.
      const ids = (await sql<Array<{id: string}>>`SELECT id FROM profile_note WHERE id LIKE ${WRITER + '%'} ORDER BY id`).map(
        r => r.id,
      );
      const k = ids.length;
      expect(ids).toEqual(Array.from({length: k}, (_, i) => `${WRITER}${String(i + 1).padStart(6, '0')}`));
      expect(k).toBeGreaterThanOrEqual(writer.atStart);
      expect(k).toBeLessThanOrEqual(writer.atEnd);
      const prefix = (s: Sql) =>
        s<[{md5: string}]>`SELECT md5(string_agg(t::text, E'\n' ORDER BY t.id)) AS md5 FROM profile_note t
          WHERE id LIKE ${WRITER + '%'} AND id <= ${ids[k - 1]!}`;
      expect((await prefix(sql))[0].md5).toBe((await prefix(sourceSql))[0].md5);

      // The backup's own row: the backup holds it as running; the restore completed it.
      const [run] = await sql`SELECT ok, size_bytes, file_name, encrypted FROM backup_run WHERE id = ${backup.id}`;
      expect(run).toEqual({ok: true, size_bytes: String(backup.bytes), file_name: path.basename(backup.file), encrypted: true});
    } finally {
      await sql.end({timeout: 2});
    }
  });

  test('holds every uploaded file, byte for byte', () => {
    const files = filesOf(path.join(sourceDir, 'files'));
    expect(Object.keys(files)).toHaveLength(2);
    expect(filesOf(path.join(restoredDir, 'files'))).toEqual(files);
    expect(Object.fromEntries(backup.manifest.files.map(f => [f.path, f.sha256]))).toEqual(files);
  });

  test('carries no replication slot, and zero-cache re-synced from scratch', async () => {
    const sql = connect(restored!.databaseURL, {max: 1});
    try {
      // Only zero-cache's, made by this start's initial sync (after the backup's consistent point): the
      // source's slot (same name) did not come along.
      const slots = await sql<Array<{slot_type: string; fresh: boolean}>>`
        SELECT slot_type, restart_lsn > ${backup.manifest.database.walEnd}::pg_lsn AS fresh FROM pg_replication_slots`;
      expect(slots).toEqual([{slot_type: 'logical', fresh: true}]);
      const [{profiles}] = await sql<[{profiles: number}]>`SELECT count(*)::int AS profiles FROM profile`;
      const replicas = readdirSync(path.join(restoredDir, 'zero')).filter(f => f.endsWith('.db'));
      expect(replicas).toHaveLength(1);
      const replica = new Database(path.join(restoredDir, 'zero', replicas[0]!), {readonly: true});
      try {
        const row = replica.prepare('SELECT count(*) AS n FROM profile').get() as {n: number};
        expect(row.n).toBe(profiles);
      } finally {
        replica.close();
      }
      expect((await fetch(`http://127.0.0.1:${restored!.ports.api}/api/health`)).status).toBe(200);
    } finally {
      await sql.end({timeout: 2});
    }
  });
});

describe('restore refuses', () => {
  test('a wrong key, a missing key, a damaged file and a folder that is not empty', async () => {
    const target = path.join(scratchDir, 'target');
    const wrong = restoreBackup({file: backup.file, dataDir: target, key: randomBytes(32)});
    await expect(wrong).rejects.toThrow(/wrong BACKUP_KEY/);
    rmSync(target, {recursive: true, force: true});
    await expect(restoreBackup({file: backup.file, dataDir: target})).rejects.toThrow(/encrypted: set BACKUP_KEY/);
    rmSync(target, {recursive: true, force: true});

    const damaged = path.join(scratchDir, 'damaged.tar.gz.enc');
    const bytes = readFileSync(backup.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(damaged, bytes);
    const restoring = restoreBackup({file: damaged, dataDir: target, key: Buffer.from(key, 'base64')});
    await expect(restoring).rejects.toThrow(/damaged/);
    // Every writer had stopped before the target was emptied: nothing lands in it afterwards.
    await new Promise(resolve => setTimeout(resolve, 500));
    expect(readdirSync(target, {recursive: true, withFileTypes: true}).filter(entry => entry.isFile())).toEqual([]);

    await expect(restoreBackup({file: backup.file, dataDir: restoredDir, key: Buffer.from(key, 'base64')})).rejects.toThrow(
      /not empty/,
    );
  });
});

describe('pruning', () => {
  test('keeps the newest BACKUP_KEEP backups, and every run keeps its row', async () => {
    const settings = backupSettings({KESHER_DATA_DIR: sourceDir, BACKUP_DIR: backupDir, BACKUP_KEEP: '2'});
    const second = await makeBackup({sql: sourceSql, databaseURL: source!.databaseURL, embedded: true, settings});
    const third = await makeBackup({sql: sourceSql, databaseURL: source!.databaseURL, embedded: true, settings});
    expect(third.pruned).toEqual([path.basename(backup.file)]);
    expect(readdirSync(backupDir).sort()).toEqual([path.basename(second.file), path.basename(third.file)]);
    const runs = await sourceSql`SELECT id, ok, encrypted FROM backup_run ORDER BY id`;
    expect(runs).toEqual([
      {id: backup.id, ok: true, encrypted: true},
      {id: second.id, ok: true, encrypted: false},
      {id: third.id, ok: true, encrypted: false},
    ]);
  }, 60_000);
});

/** Removes the cluster a restore into `dataDir` put under /var/tmp (clusterLocation), if it went there. */
function removeMovedCluster(dataDir: string) {
  if (!existsSync(path.dirname(dataDir))) return;
  const cluster = clusterLocation(dataDir);
  if (cluster.moved) rmSync(cluster.base, {recursive: true, force: true});
}

describe('with FILE_STORAGE=s3', () => {
  test('the backup copies the bucket’s files, and restore puts them into the folder', async () => {
    const s3 = await startS3StandIn();
    try {
      const photo = randomBytes(100_000);
      await s3.storage('files/').put('photo-bucket-1', photo, 'image/jpeg');
      await s3.storage('files/').put('document-bucket-2', new TextEncoder().encode('in the bucket'), 'application/pdf');
      // An export is not an uploaded file: it stays out of the backup.
      await s3.storage('exports/').put('export-bucket-3', new TextEncoder().encode('xlsx'), 'application/octet-stream');
      const settings = backupSettings({KESHER_DATA_DIR: sourceDir, BACKUP_DIR: path.join(bucketDir, 'backups'), ...s3.env});
      const lines: string[] = [];
      const made = await makeBackup({
        sql: sourceSql,
        databaseURL: source!.databaseURL,
        embedded: true,
        settings,
        log: line => lines.push(line),
      });
      const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
      const inBucket = {
        'document-bucket-2': sha(new TextEncoder().encode('in the bucket')),
        'photo-bucket-1': sha(photo),
      };
      expect(made.manifest.filesFrom).toBe('s3://kesher-test/files/');
      expect(Object.fromEntries(made.manifest.files.map(f => [f.path, f.sha256]))).toEqual(inBucket);
      expect(lines.join('\n')).toMatch(/copying the uploaded files from s3:\/\/kesher-test\/files\//);
      // The bucket is only read.
      expect(await s3.objects('')).toEqual(['exports/export-bucket-3', 'files/document-bucket-2', 'files/photo-bucket-1']);

      const target = path.join(bucketDir, 'restored');
      // Run as root from a folder the postgres user cannot reach, the cluster goes under /var/tmp: an earlier run's must not be there.
      removeMovedCluster(target);
      const restoredHere = await restoreBackup({file: made.file, dataDir: target});
      expect(restoredHere.filesDir).toBe(path.join(target, 'files'));
      expect(filesOf(restoredHere.filesDir)).toEqual(inBucket);
    } finally {
      await s3.close();
      removeMovedCluster(path.join(bucketDir, 'restored'));
      rmSync(bucketDir, {recursive: true, force: true});
    }
  }, 120_000);
});
