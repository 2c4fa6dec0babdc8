import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useNavigate, useParams, useRouteContext, useSearch} from '@tanstack/react-router';
import {ChevronLeft, FileX, Lock, Pencil, Trash2, Users} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {mayWriteFolder} from '../../permissions/pages.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {pageQueries} from './queries.ts';
import type {LivePage} from './queries.ts';
import {contextOf} from '../session.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {EMPTY_DOC} from './content.ts';
import {PageEditor} from './PageEditor.tsx';
import {PAGES_PATH} from './paths.ts';
import {RichTextView} from './RichText.tsx';
import * as m from '../paraglide/messages.js';

/**
 * One staff page (/pages/{id}): its text as readers see it, live (another user's save shows at once),
 * and, for its folder's writers, the editor. A page the user may not read is "not found", like one
 * that does not exist.
 */
export function StaffPageScreen() {
  const {id} = useParams({strict: false}) as {id: string};
  return <PageScreen key={id} id={id} />;
}

function PageScreen({id}: {id: string}) {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const zero = useZero();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [page, details] = useQuery(pageQueries.one({id}));
  const startEditing = (useSearch({strict: false}) as {edit?: unknown}).edit === true;
  const [editing, setEditing] = useState(startEditing);
  usePageTitle(page?.title ?? m.section_page());

  if (!page) {
    return details.type === 'complete' ? (
      <div className="space-y-4" data-testid="page-not-found">
        <BackToFolders />
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.section_page()}</h1>
        <EmptyState icon={FileX}>{m.pages_not_found()}</EmptyState>
      </div>
    ) : (
      <ListLoading />
    );
  }

  const folder = page.folder;
  const mayWrite = folder !== undefined && mayWriteFolder(ctx, folder);
  const remove = async () => {
    const sure = await confirm({
      title: m.pages_page_delete_confirm({title: page.title}),
      confirmLabel: m.action_delete(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.pages.delete({id})));
    if (!outcome.ok) return void toast.error(outcome.message);
    toast.success(m.pages_page_deleted());
    void navigate({to: PAGES_PATH});
  };

  return (
    <article className="mx-auto max-w-4xl space-y-5" data-testid="staff-page">
      <BackToFolders folder={folder?.name} />
      {editing && mayWrite ? (
        <PageEditor page={page} onDone={() => setEditing(false)} />
      ) : (
        <>
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900" dir="auto" data-testid="page-title">
                {page.title}
              </h1>
              <PageMeta page={page} />
            </div>
            {mayWrite && (
              <div className="flex gap-2">
                <Button onClick={() => setEditing(true)} data-testid="page-edit">
                  <Pencil className="size-4" aria-hidden />
                  {m.action_edit()}
                </Button>
                <Button variant="secondary" onClick={() => void remove()} data-testid="page-delete">
                  <Trash2 className="size-4" aria-hidden />
                  {m.action_delete()}
                </Button>
              </div>
            )}
          </header>
          <div className="rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-6">
            <RichTextView content={page.content?.content ?? EMPTY_DOC} />
          </div>
        </>
      )}
    </article>
  );
}

/** Where the page lives, back to the folder list. */
function BackToFolders({folder}: {folder?: string | undefined}) {
  return (
    <nav aria-label={m.pages_breadcrumb()} className="text-sm">
      <Link
        to={PAGES_PATH}
        className="inline-flex items-center gap-1 text-brand-700 hover:underline"
        data-testid="back-to-folders"
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {m.section_pages()}
      </Link>
      {folder && (
        <>
          <span className="mx-1.5 text-slate-400" aria-hidden>
            /
          </span>
          <bdi className="text-slate-600">{folder}</bdi>
        </>
      )}
    </nav>
  );
}

/** Created and modified (spec §3), who saved last, and who reads the page. */
export function PageMeta({page}: {page: LivePage}) {
  const shared = page.folder?.shared;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500" data-testid="page-meta">
      <span className="inline-flex items-center gap-1">
        {shared ? <Users className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
        {shared ? m.saved_search_shared() : m.saved_search_private()}
      </span>
      <span aria-hidden>·</span>
      <span>
        {m.pages_modified({when: formatLocalDateTime(page.updatedAt)})}
        {page.editor && (
          <>
            {' '}
            <bdi>{m.pages_modified_by({name: page.editor.name})}</bdi>
          </>
        )}
      </span>
      <span aria-hidden>·</span>
      <span>{m.pages_created({when: formatLocalDateTime(page.createdAt)})}</span>
    </p>
  );
}
