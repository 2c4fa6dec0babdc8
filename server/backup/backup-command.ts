/**
 * `npm run backup` (docs/operations.md, "Backups"): a consistent, compressed (and with BACKUP_KEY,
 * encrypted) backup of the database and the uploaded files into BACKUP_DIR while Kesher runs; keeps the
 * newest BACKUP_KEEP. Run it beside the running stack (`npm start`), which owns the embedded database,
 * or with DATABASE_URL.
 */
import {stop} from '../cli.ts';
import {connect} from '../db/sql.ts';
import {makeBackup} from './backup.ts';
import {backupSettings, commandDatabaseURL} from './settings.ts';

let settings;
try {
  settings = backupSettings();
} catch (error) {
  stop((error as Error).message);
}
const database = commandDatabaseURL();
if (!database) stop('no database here: start Kesher first (npm start), or set DATABASE_URL');

const sql = connect(database.url, {max: 2});
try {
  const result = await makeBackup({
    sql,
    databaseURL: database.url,
    embedded: database.embedded,
    settings,
    log: line => console.log(line),
  });
  console.log(
    `backup ${result.file}: ${(result.bytes / 1e6).toFixed(1)} MB${settings.key ? ', encrypted' : ''}, in ${(result.ms / 1000).toFixed(1)} s`,
  );
  const {files, filesFrom} = result.manifest;
  if (settings.bucket) {
    console.log(
      `${files.length} uploaded files copied from the bucket ${filesFrom} into the backup (exports are not kept; restore puts the files into a folder: docs/operations.md, "File storage")`,
    );
  } else {
    console.log(`${files.length} uploaded files from ${filesFrom}`);
  }
  if (result.pruned.length) console.log(`removed the oldest (keeping ${settings.keep}): ${result.pruned.join(', ')}`);
} catch (error) {
  if ((error as {code?: string}).code === 'ECONNREFUSED') {
    stop('the database does not answer: start Kesher first (npm start), or set DATABASE_URL');
  }
  stop(`backup failed: ${(error as Error).message}`);
} finally {
  await sql.end({timeout: 2});
}
