import {clsx} from 'clsx';
import {ExternalLink, Pencil} from 'lucide-react';
import {fieldOf, messageFor} from '../lib/field-errors.ts';
import type {FieldIssue} from '../../permissions/errors.ts';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {columnName} from './labels.ts';
import {duplicateText, issueText, missingText} from './reasons.ts';
import type {Mapping, PreviewRow, RowDecision, RowStatus} from './schema.ts';

/** The column an issue's field came from (its path without `details.`), or -1 when no column gives it. */
export const columnOfIssue = (mapping: Mapping, issue: FieldIssue) =>
  mapping.indexOf(fieldOf(issue.field).replace(/^details\./, ''));

const STATUS_TONE: Record<RowStatus, string> = {
  valid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  incomplete: 'bg-sky-50 text-sky-900 ring-sky-200',
  error: 'bg-rose-50 text-rose-800 ring-rose-200',
  duplicate: 'bg-amber-50 text-amber-900 ring-amber-200',
};
const STATUS_TEXT: Record<RowStatus, () => string> = {
  valid: m.import_row_valid,
  incomplete: m.import_row_incomplete,
  error: m.import_row_error,
  duplicate: m.import_row_duplicate,
};

/**
 * One row of the preview: its mapped cells, each wrong one marked with its message (the card form's)
 * and each doubtful one (a date that reads either way) with its note; the required fields no column
 * gives; for an incomplete row, what its temporary card will lack; its possible duplicates (a card
 * named only when the user may open it); and the choice for it: import or skip, or fix it in place.
 */
export function PreviewRowCard({
  row,
  headers,
  mapping,
  onDecide,
  onFix,
}: {
  row: PreviewRow;
  headers: readonly string[];
  mapping: Mapping;
  onDecide: (decision: RowDecision) => void;
  onFix: () => void;
}) {
  const incomplete = row.status !== 'error' && row.issues.length > 0;
  const byColumn = new Map<number, FieldIssue>();
  const unplaced: FieldIssue[] = [];
  const noted = new Map(row.warnings.map(w => [columnOfIssue(mapping, w), w]));
  for (const issue of incomplete ? [] : row.issues) {
    const column = columnOfIssue(mapping, issue);
    if (column >= 0) {
      if (!byColumn.has(column)) byColumn.set(column, issue);
    } else unplaced.push(issue);
  }
  const mayImport = row.status !== 'error' && !row.blocked;
  const status = row.status ?? 'valid';

  return (
    <li
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="preview-row"
      data-row={row.row}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{m.import_row_number({row: row.row})}</span>
          <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1', STATUS_TONE[status])}>
            {STATUS_TEXT[status]()}
          </span>
          {row.blocked && (
            <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-200">
              {m.import_row_blocked()}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label={m.import_row_choice({row: row.row})}
            className="inline-flex rounded-lg ring-1 ring-slate-300"
          >
            {(['import', 'skip'] as const).map(decision => (
              <button
                key={decision}
                type="button"
                aria-pressed={row.decision === decision}
                disabled={decision === 'import' && !mayImport}
                onClick={() => onDecide(decision)}
                className={clsx(
                  'px-3 py-1.5 text-sm font-medium first:rounded-s-lg last:rounded-e-lg disabled:cursor-not-allowed disabled:text-slate-400',
                  row.decision === decision ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                )}
                data-testid={`decide-${decision}`}
              >
                {decision === 'skip'
                  ? m.import_row_skip()
                  : row.status === 'duplicate'
                    ? m.import_anyway()
                    : incomplete
                      ? m.import_row_import_temporary()
                      : m.import_row_import()}
              </button>
            ))}
          </div>
          <Button variant="secondary" onClick={onFix} data-testid="fix-row">
            <Pencil className="size-4" aria-hidden />
            {m.import_fix()}
          </Button>
        </div>
      </div>

      {incomplete && (
        <p className="text-sm text-sky-900" data-testid="row-lacking">
          {m.import_row_lacking({missing: missingText(row.issues)})}
        </p>
      )}
      {unplaced.length > 0 && (
        <ul className="space-y-1 text-sm text-rose-700" data-testid="row-missing">
          {unplaced.map(issue => (
            <li key={issue.field}>{issueText(issue)}</li>
          ))}
        </ul>
      )}

      <dl className="grid grid-cols-2 gap-2 text-sm lg:grid-cols-4">
        {mapping.map((field, column) => {
          if (field === null) return null;
          const issue = byColumn.get(column);
          const note = noted.get(column);
          return (
            <div
              key={column}
              className={clsx(
                'min-w-0 rounded-lg px-2.5 py-1.5 ring-1',
                issue ? 'bg-rose-50 ring-rose-300' : note ? 'bg-amber-50 ring-amber-300' : 'bg-slate-50 ring-slate-200',
              )}
              data-testid={issue ? 'cell-error' : 'cell'}
            >
              <dt className="truncate text-xs text-slate-600">
                <bdi>{columnName(headers, column)}</bdi>
              </dt>
              <dd className="truncate font-medium text-slate-900">
                <bdi>{row.cells[column] || '—'}</bdi>
              </dd>
              {issue && (
                <dd className="text-xs text-rose-700" data-testid="cell-message">
                  {messageFor(fieldOf(issue.field), issue.message)}
                </dd>
              )}
              {!issue && note && (
                <dd className="text-xs text-amber-900" data-testid="cell-note">
                  {messageFor(fieldOf(note.field), note.message)}
                </dd>
              )}
            </div>
          );
        })}
      </dl>

      {row.duplicates.length > 0 && (
        <ul className="space-y-1 text-sm text-amber-900" data-testid="row-duplicates">
          {row.duplicates.map((hit, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              {duplicateText(hit)}
              {'profileID' in hit && (
                <a
                  href={`/home/tickets/${encodeURIComponent(hit.profileID)}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2"
                >
                  {m.dup_open()}
                  <ExternalLink className="size-3.5 rtl:-scale-x-100" aria-hidden />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
