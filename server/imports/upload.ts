import {nanoid} from 'nanoid';
import {suggestMapping} from '../../app/imports/fields.ts';
import type {UploadAnswer} from '../../app/imports/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {maxImportRows} from '../../permissions/imports.ts';
import {copyRows} from '../db/bulk-copy.ts';
import type {Sql} from '../db/sql.ts';
import {SheetRefused, cellsOf, headersOf, sheetKind, sheetRows, type SheetRefusal} from './read-file.ts';
import type {FormatColumn} from '../../app/tables/imports.ts';

/** The first rows the mapping screen shows under each header. */
const SAMPLE_ROWS = 5;
/** Rows stored with one COPY as the file is read. */
const STORE_BATCH = 1000;

/**
 * A file becomes a job (issue 16): its headers and the mapping they suggest (from a saved format, else
 * the headers' names), its rows stored in import_row in batches as the sheet is read, all in one
 * transaction: a file refused half-way (more rows than the user may import, unreadable) leaves nothing.
 * `importProfiles` alone imports a file of one row (permissions/imports.ts).
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
  const maxRows = maxImportRows(ctx);
  const id = nanoid();
  try {
    return await sql.begin(async tx => {
      const pg = tx as unknown as Sql;
      let headers: string[] | undefined;
      let mapping: Array<string | null> = [];
      let rows = 0;
      const sample: string[][] = [];
      let batch: Array<{job_id: string; row_number: number; cells: string[]}> = [];
      const store = async () => {
        await copyRows(pg, 'import_row', batch);
        batch = [];
      };
      for await (const {row, values} of sheetRows(bytes, kind)) {
        if (!headers) {
          headers = headersOf(values);
          mapping = suggestMapping(headers, format?.columns);
          await pg`INSERT INTO import_job (id, file_name, created_by, headers, mapping, format_id)
                   VALUES (${id}, ${fileName}, ${ctx.userID}, ${pg.json(headers)}, ${pg.json(mapping)}, ${format?.id ?? null})`;
          continue;
        }
        if (++rows > maxRows) throw new SheetRefused(maxRows === 1 ? 'singleRowOnly' : 'tooManyRows');
        const cells = cellsOf(headers, values);
        if (sample.length < SAMPLE_ROWS) sample.push(cells);
        batch.push({job_id: id, row_number: row, cells});
        if (batch.length >= STORE_BATCH) await store();
      }
      if (!headers || rows === 0) throw new SheetRefused('emptyFile');
      await store();
      await pg`UPDATE import_job SET total_rows = ${rows} WHERE id = ${id}`;
      return {id, headers, sample, mapping, rows};
    });
  } catch (error) {
    if (error instanceof SheetRefused) return error.reason;
    throw error;
  }
}
