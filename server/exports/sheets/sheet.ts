import type {PendingQuery, Row} from 'postgres';
import type {AuthContext} from '../../../permissions/context.ts';
import type {Locale} from '../../../zero-schema.ts';
import type {Sql} from '../../db/sql.ts';
import type {CellKind, CellValue} from '../workbook.ts';
import type {FilterSet} from '../../../app/tables/saved-searches.ts';
import type {ExportFilters} from '../../../app/tables/exports.ts';

/** A paraglide message as the label tables hold it (STATUS_LABEL, CARD_FIELDS…). */
export type Message = () => string;

/**
 * A column: its header, how its cells are written, and a row's value. Messages are said bare: the
 * export runs in its language's context (server/i18n/locale.ts); data labels (sectors, statuses) take
 * that language as an argument.
 */
export type Column<R> = {header: Message; kind: CellKind; value: (row: R, locale: Locale) => CellValue};

/**
 * One kind of export: its worksheet's name, its columns (each with its translated header, how its cells
 * are written and how a row gives its value) and its rows: exactly those its screen would show this
 * user, as one query the runner reads with a cursor, in the sheet's order. `F` is the kind's filters
 * (the candidate search's for profiles, a report's for a report), as the export route validated them.
 */
export type Sheet<R extends Row, F extends ExportFilters = FilterSet> = {
  title: Message;
  columns: readonly Column<R>[];
  rows: (sql: Sql, ctx: AuthContext, filters: F) => PendingQuery<R[]>;
};

/** The runner handles every sheet alike; each sheet's own types are checked where it is defined. */
export type AnySheet = Sheet<never, ExportFilters>;
export const defineSheet = <R extends Row, F extends ExportFilters = FilterSet>(sheet: Sheet<R, F>): AnySheet =>
  sheet as unknown as AnySheet;
