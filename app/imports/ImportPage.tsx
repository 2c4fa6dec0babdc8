import {useQuery} from '@rocicorp/zero/react';
import {Link, useNavigate, useRouteContext, useRouterState} from '@tanstack/react-router';
import {LoaderCircle, Sheet} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {ownsImportJob} from '../../permissions/imports.ts';
import {textOf} from '../lib/search-params.ts';
import {importQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {buttonClass} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {ImportProgress} from './ImportProgress.tsx';
import {FORMATS_PATH, jobHref} from './labels.ts';
import {MappingStep} from './MappingStep.tsx';
import {PreviewStep} from './PreviewStep.tsx';
import {RecentImports} from './RecentImports.tsx';
import {UploadPanel} from './UploadPanel.tsx';

/**
 * import/excel (spec §2; issue 16): a file of many profiles (importProfilesFromExcel) or of one
 * (importProfiles) becomes cards in four steps: upload, match the columns to the card's fields (from a
 * saved format or the headers' names), check every row (errors, possible duplicates, choices, fixes),
 * import on the server with live progress. The job is in the URL (?job=…): the user may leave and come
 * back; the recent imports, everyone's, show below.
 */
export function ImportPage() {
  usePageTitle(m.section_import_excel());
  const navigate = useNavigate();
  const ctx = contextOf(useRouteContext({from: '/shell'}).session.user!);
  const search = useRouterState({select: s => s.location.search}) as Record<string, unknown>;
  const jobID = textOf(search.job);
  const open = (id?: string) => void navigate({href: jobHref(id)});

  return (
    <section className="space-y-6" data-testid="import-page">
      <PageHeader title={m.section_import_excel()} subtitle={m.import_subtitle()}>
        <Link to={FORMATS_PATH} className={buttonClass('secondary')} data-testid="import-formats-link">
          <Sheet className="size-4" aria-hidden />
          {m.section_excel_formats()}
        </Link>
      </PageHeader>
      {jobID ? (
        <JobView key={jobID} id={jobID} ctx={ctx} onNew={() => open()} />
      ) : (
        <UploadPanel singleRowOnly={!can(ctx, 'importProfilesFromExcel')} onUploaded={open} />
      )}
      <RecentImports userID={ctx.userID} current={jobID} />
    </section>
  );
}

/** One job at its step: the mapping, the preview, or (running or ended) its progress. */
function JobView({id, ctx, onNew}: {id: string; ctx: AuthContext; onNew: () => void}) {
  const [job, details] = useQuery(importQueries.job({id}));
  const [remapping, setRemapping] = useState(false);
  const confirm = useConfirm();
  if (!job) {
    return details.type === 'complete' ? (
      <p role="alert" className="rounded-2xl bg-white p-5 text-sm text-slate-600 ring-1 ring-slate-200">
        {m.import_not_found()}
      </p>
    ) : (
      <ListLoading />
    );
  }
  const mine = ownsImportJob(ctx, job);

  async function discard() {
    const sure = await confirm({title: m.import_discard_confirm(), confirmLabel: m.import_discard(), destructive: true});
    if (!sure) return;
    const answer = await importApi.cancel(id);
    if (answer.ok) onNew();
    else toast.error(answer.message);
  }

  if (mine && job.status === 'checking') return <CheckingPanel rows={job.totalRows} />;
  if (mine && (job.status === 'mapping' || (job.status === 'previewed' && remapping))) {
    return <MappingStep job={job} onChecked={() => setRemapping(false)} onCancel={() => void discard()} />;
  }
  if (mine && job.status === 'previewed') {
    return <PreviewStep job={job} ctx={ctx} onRemap={() => setRemapping(true)} onCancel={() => void discard()} />;
  }
  return <ImportProgress job={job} mine={mine} onNew={onNew} />;
}

/** While every row is checked (a large file takes minutes): the screen moves on by itself when it is done. */
function CheckingPanel({rows}: {rows: number}) {
  return (
    <div
      className="space-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      role="status"
      data-testid="import-checking"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <LoaderCircle className="size-5 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden />
        {m.import_checking({rows: rows.toLocaleString()})}
      </h2>
      <p className="text-sm text-slate-500">{m.import_checking_hint()}</p>
    </div>
  );
}
