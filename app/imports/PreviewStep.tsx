import {clsx} from 'clsx';
import {ArrowRightLeft, CalendarDays, Play, X} from 'lucide-react';
import {useEffect, useState} from 'react';
import {toast} from '../lib/toast.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {Button, Labelled, Select} from '../ui/controls.tsx';
import {ListLoading} from '../ui/EmptyState.tsx';
import {Toggle} from '../ui/Toggle.tsx';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {FILTER_LABEL} from './labels.ts';
import {PreviewRowCard} from './PreviewRowCard.tsx';
import {RowFixDialog} from './RowFixDialog.tsx';
import {mayAddTemporary} from '../../permissions/imports.ts';
import type {DateReading} from '../tables/imports.ts';
import {ROW_FILTERS, type Mapping, type PreviewRow, type RowDecision, type RowFilter} from './schema.ts';

const PAGE = 50;

type PreviewJob = {
  id: string;
  headers: readonly string[];
  mapping: Mapping;
  totalRows: number;
  validRows: number;
  incompleteRows: number;
  errorRows: number;
  duplicateRows: number;
  queuedRows: number;
  incompleteAsTemporary: boolean;
  dates?: DateReading | null | undefined;
};

/**
 * The import's third step: every row checked (the counts live from the job's row), the rows with
 * problems first, each with its choice and a fix in place; then where the cards go (the general or the
 * user's personal database, or as temporary cards awaiting approval, with the permission for that) and
 * the import itself. Rows that lack only required details may all come in as temporary cards that list
 * what is missing, and how the sheet's dates were read is said (issue 31).
 */
export function PreviewStep({
  job,
  ctx,
  onRemap,
  onCancel,
}: {
  job: PreviewJob;
  ctx: AuthContext;
  onRemap: () => void;
  onCancel: () => void;
}) {
  const problems = job.errorRows + job.incompleteRows + job.duplicateRows;
  const [filter, setFilter] = useState<RowFilter>(problems > 0 ? 'problems' : 'valid');
  const [rows, setRows] = useState<PreviewRow[]>();
  const [total, setTotal] = useState(0);
  const [fixing, setFixing] = useState<PreviewRow>();
  const [database, setDatabase] = useState<'general' | 'personal'>('general');
  const [temporary, setTemporary] = useState(false);
  const [starting, setStarting] = useState(false);
  const mayTemporary = mayAddTemporary(ctx, database);
  const mayTemporaryAnywhere = mayAddTemporary(ctx, 'general') || mayAddTemporary(ctx, 'personal');

  async function load(offset: number) {
    const answer = await importApi.rows(job.id, filter, offset, PAGE);
    if (!answer.ok) return toast.error(answer.message);
    setRows(before => (offset === 0 ? answer.data.rows : [...(before ?? []), ...answer.data.rows]));
    setTotal(answer.data.total);
  }
  useEffect(() => {
    setRows(undefined);
    void load(0);
  }, [filter, job.id]);

  const replace = (next: PreviewRow) => setRows(all => all?.map(r => (r.row === next.row ? next : r)));
  async function decide(row: PreviewRow, decision: RowDecision) {
    const answer = await importApi.patch(job.id, row.row, {decision});
    if (answer.ok) replace(answer.data.row);
    else toast.error(answer.message);
  }
  async function chooseIncomplete(temporary: boolean) {
    const answer = await importApi.incomplete(job.id, temporary);
    if (!answer.ok) return toast.error(answer.message);
    // The rows shown take the choice too.
    setRows(all => all?.map(r => (r.status === 'incomplete' ? {...r, decision: temporary ? 'import' : 'skip'} : r)));
  }
  async function start() {
    setStarting(true);
    const answer = await importApi.start(job.id, {database, temporary: temporary && mayTemporary});
    setStarting(false);
    if (!answer.ok) toast.error(answer.message);
  }

  const counts: Record<RowFilter, number> = {
    problems,
    errors: job.errorRows,
    incomplete: job.incompleteRows,
    duplicates: job.duplicateRows,
    valid: job.validRows,
    all: job.totalRows,
  };

  return (
    <div className="space-y-4" data-testid="import-preview">
      <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{m.import_preview_title()}</h2>
          <p className="mt-1 text-sm text-slate-500">{m.import_preview_hint()}</p>
        </div>
        {job.dates && <DatesRead dates={job.dates} />}
        {job.incompleteRows > 0 && (
          <div className="space-y-1 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="import-incomplete">
            {mayTemporaryAnywhere ? (
              <Toggle
                label={m.import_incomplete_as_temporary({count: job.incompleteRows.toLocaleString()})}
                checked={job.incompleteAsTemporary}
                onChange={on => void chooseIncomplete(on)}
                testid="import-incomplete-temporary"
              />
            ) : (
              <p className="text-sm font-medium text-amber-900">
                {m.import_incomplete_count({count: job.incompleteRows.toLocaleString()})}
              </p>
            )}
            <p className="text-sm text-amber-900">
              {mayTemporaryAnywhere ? m.import_incomplete_hint() : m.import_incomplete_no_permission()}
            </p>
          </div>
        )}
        <div role="group" aria-label={m.import_preview_lists()} className="flex flex-wrap gap-2" data-testid="preview-filters">
          {ROW_FILTERS.map(f => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={clsx(
                'rounded-full px-3 py-1.5 text-sm font-medium ring-1',
                filter === f
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
              data-testid={`preview-filter-${f}`}
            >
              {FILTER_LABEL[f]()} ({counts[f].toLocaleString()})
            </button>
          ))}
        </div>
      </div>

      {rows === undefined ? (
        <ListLoading />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl bg-white py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200">
          {m.import_preview_none()}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={FILTER_LABEL[filter]()} data-testid="preview-rows">
          {rows.map(row => (
            <PreviewRowCard
              key={row.row}
              row={row}
              headers={job.headers}
              mapping={job.mapping}
              onDecide={decision => void decide(row, decision)}
              onFix={() => setFixing(row)}
            />
          ))}
        </ul>
      )}
      {rows && rows.length < total && (
        <Button variant="secondary" onClick={() => void load(rows.length)} data-testid="preview-more">
          {m.import_preview_more({shown: rows.length.toLocaleString(), total: total.toLocaleString()})}
        </Button>
      )}

      <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="import-target">
        <h2 className="text-lg font-semibold text-slate-900">{m.import_target_title()}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Labelled label={m.field_database()}>
            <Select
              value={database}
              onChange={e => setDatabase(e.target.value as 'general' | 'personal')}
              data-testid="import-database"
            >
              <option value="general">{m.database_general()}</option>
              <option value="personal">{m.database_personal()}</option>
            </Select>
          </Labelled>
          {mayTemporary && (
            <Toggle label={m.import_as_temporary()} checked={temporary} onChange={setTemporary} testid="import-temporary" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start()} disabled={starting || job.queuedRows === 0} data-testid="import-start">
            <Play className="size-4 rtl:-scale-x-100" aria-hidden />
            {m.import_start({count: job.queuedRows.toLocaleString()})}
          </Button>
          <Button variant="secondary" onClick={onRemap} data-testid="import-remap">
            <ArrowRightLeft className="size-4" aria-hidden />
            {m.import_change_mapping()}
          </Button>
          <Button variant="ghost" onClick={onCancel} data-testid="import-discard">
            <X className="size-4" aria-hidden />
            {m.import_discard()}
          </Button>
        </div>
      </div>

      {fixing && (
        <RowFixDialog
          jobID={job.id}
          row={fixing}
          headers={job.headers}
          mapping={job.mapping}
          onSaved={replace}
          onClose={() => setFixing(undefined)}
        />
      )}
    </div>
  );
}

/** How the sheet's d/m/yyyy dates were read: the order, why, and how many could be read either way (each marked on its row). */
function DatesRead({dates}: {dates: DateReading}) {
  if (dates.dayFirst + dates.monthFirst + dates.ambiguous === 0) return null;
  const order = dates.order === 'dmy' ? m.import_date_order_dmy() : m.import_date_order_mdy();
  return (
    <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="import-dates">
      <CalendarDays className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span>
        {dates.chosen
          ? m.import_dates_chosen({order})
          : m.import_dates_found({
              order,
              count: (dates.order === 'dmy' ? dates.dayFirst : dates.monthFirst).toLocaleString(),
            })}{' '}
        {dates.ambiguous > 0 && m.import_dates_ambiguous({count: dates.ambiguous.toLocaleString()})}
      </span>
    </p>
  );
}
