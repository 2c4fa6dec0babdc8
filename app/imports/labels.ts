import * as m from '../paraglide/messages.js';
import type {RowFilter} from './schema.ts';
import type {ImportStatus} from '../tables/imports.ts';

// Typed as text: the router's route types know the sections by a string path (app/shell/sections.ts).
export const IMPORT_PATH: string = '/import/excel';
export const FORMATS_PATH: string = '/import/excel/formats';
/** The import screen of one job (the URL keeps it: the user may leave and come back). */
export const jobHref = (id?: string) => (id ? `${IMPORT_PATH}?job=${encodeURIComponent(id)}` : IMPORT_PATH);

export const STATUS_LABEL: Record<ImportStatus, () => string> = {
  mapping: m.import_status_mapping,
  checking: m.import_status_checking,
  previewed: m.import_status_previewed,
  importing: m.import_status_importing,
  cancelling: m.import_status_cancelling,
  done: m.import_status_done,
  cancelled: m.import_status_cancelled,
  failed: m.import_status_failed,
};

export const FILTER_LABEL: Record<RowFilter, () => string> = {
  problems: m.import_filter_problems,
  errors: m.import_filter_errors,
  incomplete: m.import_filter_incomplete,
  duplicates: m.import_filter_duplicates,
  valid: m.import_filter_valid,
  all: m.import_filter_all,
};

/** A sheet's column letter (A, B, … Z, AA, …), for a column without a header. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A column's name on screen: its header, or "Column C". */
export const columnName = (headers: readonly string[], index: number) =>
  headers[index] || m.import_column({letter: columnLetter(index)});
