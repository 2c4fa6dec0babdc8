import {nanoid} from 'nanoid';
import {suggestMapping} from '../../app/imports/fields.ts';
import type {UploadAnswer} from '../../app/imports/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {maxImportRows} from '../../permissions/imports.ts';
import {copyRows} from '../db/bulk-copy.ts';
import type {Sql} from '../db/sql.ts';
import {sheetKind} from './read-file.ts';
import type {SheetRefusal} from './refusal.ts';
import {readSheet} from './sheet-worker.ts';
import type {FormatColumn} from '../../app/tables/imports.ts';

/** The first rows the mapping screen shows under each header. */
const SAMPLE_ROWS = 5;
/** Rows stored with one COPY. */
const STORE_BATCH = 1000;

/**
 * A file becomes a job (issue 16): its headers and the mapping they suggest (from a saved format, else
 * the headers' names), its rows stored in import_row. The file is read first, in a worker thread and
 * outside any transaction (issue 33: a file being read held a pooled connection); a file refused on
 * the way (more rows than the user may import, unreadable, a zip bomb) leaves nothing. Its rows are
 * then stored in one transaction. `importProfiles` alone imports a file of one row
 * (permissions/imports.ts).
 */
export async function storeUpload(
  sql: Sql,
  ctx: AuthContext,
  fileName: string,
  bytes: Uint8Array,
  format: {id: string; columns: FormatColumn[]} | undefined,
): Promise<UploadAnswer | SheetRefusal> {
  const kind = sheetKind(bytes);
  if (kind !== 'xlsx' && kind !== 'csv') return kind;
  const sheet = await readSheet(bytes, kind, maxImportRows(ctx));
  if (typeof sheet === 'string') return sheet;
  const {headers, rows} = sheet;
  const mapping = suggestMapping(headers, format?.columns);
  const id = nanoid();
  await sql.begin(async tx => {
    const pg = tx as unknown as Sql;
    await pg`INSERT INTO import_job (id, file_name, created_by, headers, mapping, format_id, total_rows)
             VALUES (${id}, ${fileName}, ${ctx.userID}, ${pg.json(headers)}, ${pg.json(mapping)}, ${format?.id ?? null}, ${rows.length})`;
    for (let i = 0; i < rows.length; i += STORE_BATCH) {
      const batch = rows.slice(i, i + STORE_BATCH).map(({row, cells}) => ({job_id: id, row_number: row, cells}));
      await copyRows(pg, 'import_row', batch);
    }
  });
  return {id, headers, sample: rows.slice(0, SAMPLE_ROWS).map(r => r.cells), mapping, rows: rows.length};
}
