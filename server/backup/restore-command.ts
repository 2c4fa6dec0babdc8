/**
 * `npm run restore -- <backup file> [--to <data folder>]` (docs/operations.md, "Backups"): restores a
 * backup into an empty data folder (default KESHER_DATA_DIR, i.e. .data); BACKUP_KEY for an encrypted
 * one. Then `npm start` (with KESHER_DATA_DIR pointing there) runs it; zero-cache builds a new replica.
 */
import {parseArgs} from 'node:util';
import {stop} from '../cli.ts';
import {dataDir} from '../config.ts';
import {BackupKeyError, parseBackupKey} from './encryption.ts';
import {restoreBackup} from './restore.ts';

const USAGE = 'usage: npm run restore -- <backup file> [--to <data folder>]';
let args;
try {
  args = parseArgs({options: {to: {type: 'string'}}, allowPositionals: true, strict: true});
} catch (error) {
  stop(`${(error as Error).message}\n${USAGE}`);
}
if (args.positionals.length !== 1) stop(USAGE);
let key;
try {
  key = process.env.BACKUP_KEY ? parseBackupKey(process.env.BACKUP_KEY) : undefined;
} catch (error) {
  stop((error as Error).message);
}

/** Files that came from a bucket are restored into a folder: say where, and the two ways to use them. */
function bucketNote(filesFrom: string | undefined, filesDir: string) {
  if (!filesFrom?.startsWith('s3://')) return;
  console.log(
    `the uploaded files came from the bucket ${filesFrom} and are restored into ${filesDir}: run with FILE_STORAGE=local ` +
      `FILES_DIR=${filesDir}, or copy the folder's files into ${filesFrom} (e.g. aws s3 sync ${filesDir} ${filesFrom}) and keep FILE_STORAGE=s3`,
  );
}

try {
  const result = await restoreBackup({
    file: args.positionals[0]!,
    dataDir: args.values.to ?? dataDir(),
    filesDir: process.env.FILES_DIR,
    key,
    log: line => console.log(line),
  });
  const {manifest} = result;
  console.log(`restored the backup of ${manifest.startedAt} (${manifest.id}) in ${(result.ms / 1000).toFixed(1)} s`);
  if (result.tables) {
    const differ = Object.entries(manifest.tables).filter(([table, rows]) => result.tables![table] !== rows);
    const total = Object.values(result.tables).reduce((a, b) => a + b, 0);
    console.log(`${Object.keys(result.tables).length} tables, ${total} rows`);
    for (const [table, rows] of differ) {
      console.log(`  ${table}: ${result.tables[table]} rows (${rows} counted just after the backup's consistent point)`);
    }
    console.log(`start it with: KESHER_DATA_DIR=${args.values.to ?? dataDir()} npm start`);
    bucketNote(manifest.filesFrom, result.filesDir);
  } else {
    console.log(
      `the database's data directory is ${result.pgData}: run it with PostgreSQL ${manifest.database.serverVersion}'s major version (docs/operations.md, "Backups")`,
    );
    bucketNote(manifest.filesFrom, result.filesDir);
  }
} catch (error) {
  if (error instanceof BackupKeyError) stop(`restore refused: ${error.message}`);
  stop(`restore failed: ${(error as Error).message}`);
}
