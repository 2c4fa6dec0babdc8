import {useQuery} from '@rocicorp/zero/react';
import {CircleAlert, Clock, Download, FileSpreadsheet, LoaderCircle} from 'lucide-react';
import {formatFileSize} from '../candidates/card/files.ts';
import {currentLocale} from '../i18n.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {exportQueries} from './queries.ts';
import {buttonClass} from '../ui/controls.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {KINDS, profilesScope} from './labels.ts';
import * as m from '../paraglide/messages.js';
import type {FilterSet} from '../tables/saved-searches.ts';

type Job = ReturnType<typeof useJobs>[0][number];
const useJobs = () => useQuery(exportQueries.mine());

/**
 * The user's exports, newest first and live: while one runs, how many rows it has written; then its
 * download (the file goes to its owner alone: server/exports/routes.ts). A job that failed or whose file
 * is no longer kept says so.
 */
export function ExportJobs() {
  const [jobs, details] = useJobs();
  return (
    <section className="space-y-3" aria-labelledby="export-jobs-title">
      <div>
        <h2 id="export-jobs-title" className="font-semibold text-slate-900">
          {m.export_jobs_title()}
        </h2>
        <p className="text-sm text-slate-500">{m.export_jobs_hint()}</p>
      </div>
      {jobs.length === 0 ? (
        <EmptyState icon={FileSpreadsheet} loading={details.type !== 'complete'}>
          {m.export_jobs_empty()}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="export-jobs"
        >
          {jobs.map(job => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobRow({job}: {job: Job}) {
  const {label, icon: Icon} = KINDS[job.kind];
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="export-job" data-status={job.status}>
      <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {label()}
          {job.kind === 'profiles' && (
            <span className="ms-2 font-normal text-slate-600">
              · <bdi>{profilesScope({title: job.title, filters: job.filters as FilterSet})}</bdi>
            </span>
          )}
        </p>
        <p className="text-sm text-slate-500 tabular-nums">{formatLocalDateTime(job.createdAt)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm max-sm:basis-full">
        <JobState job={job} />
      </div>
    </li>
  );
}

function JobState({job}: {job: Job}) {
  const rows = <span data-testid="export-job-rows">{m.export_rows({count: job.rowCount})}</span>;
  switch (job.status) {
    case 'running':
      return (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <LoaderCircle className="size-4 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden />
          <span>{m.export_preparing()}</span>
          {rows}
        </p>
      );
    case 'ready':
      return (
        <>
          <span className="text-slate-600 tabular-nums">
            {rows} · <bdi>{formatFileSize(job.size ?? 0, currentLocale())}</bdi>
          </span>
          <a
            href={`/api/exports/${encodeURIComponent(job.id)}/download`}
            download
            className={buttonClass('secondary')}
            data-testid="export-download"
          >
            <Download className="size-4" aria-hidden />
            {m.export_download()}
          </a>
        </>
      );
    case 'failed':
      return (
        <p className="flex items-center gap-1.5 text-rose-700">
          <CircleAlert className="size-4" aria-hidden />
          {m.export_failed()}
        </p>
      );
    case 'expired':
      return (
        <p className="flex items-center gap-1.5 text-slate-500">
          <Clock className="size-4" aria-hidden />
          {m.export_expired()}
        </p>
      );
  }
}
