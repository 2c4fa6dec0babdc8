import {Download, FilePlus2, OctagonX} from 'lucide-react';
import {clsx} from 'clsx';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {currentLocale} from '../i18n.ts';
import {Button, buttonClass} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {STATUS_LABEL} from './labels.ts';
import {KEEP_ROWS_DAYS, isFinished, reportForgotten} from './schema.ts';
import type {ImportStatus} from '../tables/imports.ts';

type JobCounts = {
  id: string;
  fileName: string;
  status: ImportStatus;
  queuedRows: number;
  importedRows: number;
  rejectedRows: number;
  totalRows: number;
  failure?: string | null | undefined;
  finishedAt?: number | null | undefined;
  startedAt?: number | null | undefined;
};

/** How far an import is: the rows written or refused of those chosen. */
export const progressOf = (job: JobCounts) =>
  job.queuedRows === 0 ? 100 : Math.min(100, Math.round(((job.importedRows + job.rejectedRows) * 100) / job.queuedRows));

export function StatusBadge({status}: {status: ImportStatus}) {
  const tone =
    status === 'done'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : status === 'failed' || status === 'cancelled'
        ? 'bg-rose-50 text-rose-800 ring-rose-200'
        : status === 'importing' || status === 'cancelling'
          ? 'bg-sky-50 text-sky-800 ring-sky-200'
          : 'bg-slate-100 text-slate-700 ring-slate-200';
  return (
    <span
      className={clsx('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1', tone)}
      data-testid="import-status"
    >
      {STATUS_LABEL[status]()}
    </span>
  );
}

export function ProgressBar({job, label}: {job: JobCounts; label: string}) {
  const percent = progressOf(job);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      data-testid="import-progress"
    >
      <div className={clsx('h-full rounded-full bg-brand-600 transition-[width]')} style={{width: `${percent}%`}} />
    </div>
  );
}

/**
 * The import running, live (the job's row through Zero, as every user who may import sees it): the
 * progress, the counts, a cancel for its creator; at the end, the error report of the rows not imported.
 */
export function ImportProgress({job, mine, onNew}: {job: JobCounts; mine: boolean; onNew: () => void}) {
  const confirm = useConfirm();
  const [cancelling, setCancelling] = useState(false);
  const finished = isFinished(job.status);
  // Before its import the job has no progress to show (another user's, opened by its address).
  const started = job.startedAt != null;
  const left = job.totalRows - job.importedRows;

  async function cancel() {
    const sure = await confirm({
      title: m.import_cancel_confirm(),
      description: m.import_cancel_hint(),
      confirmLabel: m.import_cancel(),
      cancelLabel: m.import_keep_going(),
      destructive: true,
    });
    if (!sure) return;
    setCancelling(true);
    const answer = await importApi.cancel(job.id);
    setCancelling(false);
    if (!answer.ok) toast.error(answer.message);
  }

  return (
    <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="import-progress-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-all text-slate-900">
            <bdi>{job.fileName}</bdi>
          </h2>
          <p className="text-sm text-slate-500">{finished ? m.import_finished_title() : m.import_running_title()}</p>
        </div>
        <StatusBadge status={job.status} />
      </div>
      {started && <ProgressBar job={job} label={m.import_progress_label()} />}
      {started && (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="import-counts">
          <Count label={m.import_count_queued()} value={job.queuedRows} />
          <Count label={m.import_count_imported()} value={job.importedRows} testID="count-imported" />
          <Count label={m.import_count_rejected()} value={job.rejectedRows} />
          <Count label={m.import_count_percent()} value={`${progressOf(job)}%`} />
        </dl>
      )}
      {job.status === 'failed' && (
        <p role="alert" className="text-sm text-rose-700">
          {job.failure === 'forbidden' ? m.import_failed_forbidden() : m.import_failed()}
        </p>
      )}
      {!finished && <p className="text-sm text-slate-500">{m.import_leave_hint()}</p>}
      <div className="flex flex-wrap gap-2">
        {mine && (job.status === 'importing' || job.status === 'cancelling') && (
          <Button
            variant="danger"
            onClick={() => void cancel()}
            disabled={cancelling || job.status === 'cancelling'}
            data-testid="import-cancel"
          >
            <OctagonX className="size-4" aria-hidden />
            {m.import_cancel()}
          </Button>
        )}
        {mine && finished && started && left > 0 && reportForgotten(job.finishedAt) && (
          <p className="text-sm text-slate-500">{m.import_report_forgotten({days: KEEP_ROWS_DAYS})}</p>
        )}
        {mine && finished && started && left > 0 && !reportForgotten(job.finishedAt) && (
          <a
            href={importApi.reportHref(job.id, currentLocale())}
            download
            className={buttonClass('secondary')}
            data-testid="import-report"
          >
            <Download className="size-4" aria-hidden />
            {m.import_report_download({count: left})}
          </a>
        )}
        {finished && (
          <Button variant={mine ? 'primary' : 'secondary'} onClick={onNew} data-testid="import-new">
            <FilePlus2 className="size-4" aria-hidden />
            {m.import_new()}
          </Button>
        )}
      </div>
    </div>
  );
}

function Count({label, value, testID}: {label: string; value: number | string; testID?: string}) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testID}>
        {typeof value === 'number' ? value.toLocaleString() : value}
      </dd>
    </div>
  );
}
