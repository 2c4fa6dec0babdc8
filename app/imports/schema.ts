import * as v from 'valibot';
import type {FieldIssue} from '../../permissions/errors.ts';
import {IMPORT_FIELD_KEYS} from './fields.ts';
import type {DateOrder, ImportStatus} from '../tables/imports.ts';
import {id} from '../lib/schema-parts.ts';

/**
 * The Excel import's shared shapes (issue 16): the mapping of a sheet's columns, the saved formats, the
 * import's start and the preview's rows as the REST API (server/imports/) sends them.
 */

/** Columns a sheet may have; headers and cells are cut to these lengths. */
export const MAX_COLUMNS = 200;
export const MAX_HEADER_LENGTH = 200;
export const MAX_CELL_LENGTH = 4000;

/**
 * How long an import keeps its file's rows (people not yet in the system, and the error report made of
 * them) once it has ended, or, when it was left before its import, since it was last touched.
 */
export const KEEP_ROWS_DAYS = 30;
/** Whether an import that ended then (ms) has forgotten its rows, and so its error report. */
export const reportForgotten = (finishedAt: number | null | undefined, now = Date.now()) =>
  finishedAt != null && finishedAt < now - KEEP_ROWS_DAYS * 86_400_000;

/** A job that still runs (its progress moves) or may still start. */
export const isFinished = (status: ImportStatus) => status === 'done' || status === 'cancelled' || status === 'failed';

const fieldKey = v.picklist(IMPORT_FIELD_KEYS, 'unknownOption');

/** No card field may take two columns. */
const eachFieldOnce = <T extends string | null>(fields: readonly T[]) => {
  const chosen = fields.filter(f => f !== null);
  return new Set(chosen).size === chosen.length;
};

/** The card field of each column, in the sheet's order (null: not imported). */
export const mappingSchema = v.pipe(
  v.array(v.nullable(fieldKey)),
  v.maxLength(MAX_COLUMNS, 'tooLong'),
  v.check(eachFieldOnce, 'fieldTwice'),
);
export type Mapping = v.InferOutput<typeof mappingSchema>;

const formatColumns = v.pipe(
  v.array(
    v.object({
      header: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(MAX_HEADER_LENGTH, 'tooLong')),
      field: v.nullable(fieldKey),
    }),
  ),
  v.minLength(1, 'required'),
  v.maxLength(MAX_COLUMNS, 'tooLong'),
  v.check(columns => eachFieldOnce(columns.map(c => c.field)), 'fieldTwice'),
  v.check(columns => columns.some(c => c.field !== null), 'noFieldMapped'),
);

/** A named Excel format (spec §3), as the mapping screen saves it and the formats screen edits it. */
export const formatSchema = v.object({
  id,
  name: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(80, 'tooLong')),
  columns: formatColumns,
});
export type FormatInput = v.InferOutput<typeof formatSchema>;
export const formatIDSchema = v.object({id});

/** Where the cards go, as cards.create takes it: a database, and whether as temporary (pending) cards. */
export const importStartSchema = v.object({
  database: v.picklist(['general', 'personal'], 'required'),
  temporary: v.boolean(),
});
export type ImportStart = v.InferOutput<typeof importStartSchema>;

/** How many fields an import may fill for every row. */
export const MAX_FILLS = 40;

/**
 * Values for whole columns (issue 31): a card field → the value every row without one of its own
 * takes, written as a cell would be ("זכר", "2001-02-01", a sector's name or id).
 */
export const fillsSchema = v.pipe(
  v.record(fieldKey, v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(MAX_CELL_LENGTH, 'tooLong'))),
  v.check(fills => Object.keys(fills).length <= MAX_FILLS, 'tooLong'),
);
export type Fills = Readonly<Record<string, string>>;

export const DATE_ORDERS = ['dmy', 'mdy'] as const satisfies readonly DateOrder[];

/** What the preview reads the rows with: the mapping, the values for whole columns, the dates' order (null: the sheet's). */
export const previewRequestSchema = v.object({
  mapping: mappingSchema,
  formatID: v.optional(v.nullable(id)),
  fills: v.optional(fillsSchema, {}),
  dateOrder: v.optional(v.nullable(v.picklist(DATE_ORDERS)), null),
});
export type RowReading = {mapping: Mapping; fills: Fills; dateOrder: DateOrder};

/** Whether the incomplete rows go in as temporary cards (issue 31). */
export const incompleteChoiceSchema = v.object({temporary: v.boolean()});

/** The preview's lists. */
export const ROW_FILTERS = ['problems', 'errors', 'incomplete', 'duplicates', 'valid', 'all'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];
export const rowsQuerySchema = v.object({
  filter: v.optional(v.picklist(ROW_FILTERS), 'problems'),
  offset: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), '0'),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), '50'),
});

export type RowDecision = 'import' | 'skip';

/** A row fixed in place (the cells by column index, as typed) and/or the user's choice for it. */
export const rowPatchSchema = v.object({
  cells: v.optional(
    v.pipe(v.record(v.pipe(v.string(), v.regex(/^\d{1,3}$/)), v.pipe(v.string(), v.maxLength(MAX_CELL_LENGTH, 'tooLong')))),
  ),
  decision: v.optional(v.picklist(['import', 'skip'])),
});
export type RowPatch = v.InferOutput<typeof rowPatchSchema>;

/**
 * A possible duplicate of a row: the same ID number, a shared phone (E.164) or the same folded name and
 * birth date, of a card in the database the user may open or of an earlier row of the same file (cards
 * the user may not open are never told of: server/imports/duplicates.ts).
 */
export type DuplicateHit = {reason: 'idNumber' | 'phone' | 'name'} & ({row: number} | {profileID: string; name: string});

/**
 * A row's verdict: valid; incomplete (all it lacks is required details: it may come in as a temporary
 * card); with errors; or a possible duplicate.
 */
export type RowStatus = 'valid' | 'incomplete' | 'error' | 'duplicate';

/**
 * A row of the preview. `issues` name card fields (forename, details.occupation, …) with message keys;
 * `warnings` are what is not wrong but worth a look (a date that reads either way).
 */
export type PreviewRow = {
  row: number;
  cells: string[];
  status: RowStatus | null;
  issues: FieldIssue[];
  warnings: FieldIssue[];
  duplicates: DuplicateHit[];
  decision: RowDecision;
  /** The ID number is another card's (in the database or an earlier row): the row may not be imported as it is. */
  blocked: boolean;
  outcome: 'imported' | 'rejected' | null;
  profileID: string | null;
};

/** What a new upload answers: the job, its headers, the first rows to map by, the suggested mapping. */
export type UploadAnswer = {id: string; headers: string[]; sample: string[][]; mapping: Mapping; rows: number};
/** The preview's counts (also on the job's row). */
export type PreviewSummary = {
  total: number;
  valid: number;
  incomplete: number;
  errors: number;
  duplicates: number;
  queued: number;
};
