import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {formatLocalDateTime} from '../lib/dates.ts';
import {importQueries} from './queries.ts';
import * as m from '../paraglide/messages.js';
import {ProgressBar, StatusBadge} from './ImportProgress.tsx';
import {IMPORT_PATH} from './labels.ts';

/**
 * The latest imports, everyone's, live: a running one's progress moves here for every user who may
 * import. The user's own open on their job's screen (their rows are theirs alone); others' show their
 * progress only.
 */
export function RecentImports({userID, current}: {userID: string; current: string | undefined}) {
  const [jobs] = useQuery(importQueries.recent());
  if (jobs.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="recent-imports" data-testid="recent-imports">
      <h2 id="recent-imports" className="text-base font-semibold text-slate-900">
        {m.import_recent()}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {jobs.map(job => {
          const running = job.status === 'importing' || job.status === 'cancelling';
          return (
            <li
              key={job.id}
              className={clsx('space-y-2 px-4 py-3', job.id === current && 'bg-brand-50/50')}
              data-testid="recent-import"
              data-job={job.id}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  {job.createdBy === userID ? (
                    <Link
                      to={IMPORT_PATH}
                      search={{job: job.id} as never}
                      className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
                    >
                      <bdi>{job.fileName}</bdi>
                    </Link>
                  ) : (
                    <span className="font-medium break-all text-slate-900">
                      <bdi>{job.fileName}</bdi>
                    </span>
                  )}
                  <p className="text-xs text-slate-500">
                    <bdi>{job.creator?.name}</bdi>
                    {' · '}
                    <span dir="ltr">{formatLocalDateTime(job.createdAt)}</span>
                    {' · '}
                    {job.status === 'done' || running
                      ? m.import_recent_progress({
                          imported: job.importedRows.toLocaleString(),
                          queued: job.queuedRows.toLocaleString(),
                        })
                      : m.import_recent_rows({rows: job.totalRows.toLocaleString()})}
                  </p>
                </div>
                <StatusBadge status={job.status} />
              </div>
              {running && <ProgressBar job={job} label={m.import_progress_of({file: job.fileName})} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
