import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {FilePlus, FileText, FolderOpen, FolderPlus, Lock, Pencil, Trash2, Users} from 'lucide-react';
import {useState, type ReactNode} from 'react';
import {clsx} from 'clsx';
import {toast} from '../lib/toast.ts';
import {mayWriteFolder} from '../../permissions/pages.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {pageQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import {ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {FolderDialog, NewPageDialog} from './FolderDialogs.tsx';
import {pagePath} from './paths.ts';
import * as m from '../paraglide/messages.js';

type Folder = ReturnType<typeof useFolders>[0][number];
const useFolders = () => useQuery(pageQueries.folders());

/**
 * Staff pages (issue 17, spec §1 "notes, folders"; §3 "Page or note", "Folder"): the user's own folders
 * and those colleagues shared, each with its pages, live. A folder's writers (its owner; an
 * administrator too when it is shared) add pages, rename it, change who reads it and delete it.
 */
export function FoldersPage() {
  usePageTitle(m.section_pages());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [folders, details] = useFolders();
  const [dialog, setDialog] = useState<{kind: 'folder'; folder?: Folder} | {kind: 'page'; folder: Folder}>();
  const mine = folders.filter(f => f.ownerID === ctx.userID);
  const theirs = folders.filter(f => f.ownerID !== ctx.userID);

  const group = (title: string, rows: readonly Folder[], testID: string, none: () => string) => (
    <section className="space-y-3" data-testid={testID}>
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      {rows.length === 0 ? (
        details.type === 'complete' ? (
          <p className="flex items-center gap-2 rounded-2xl bg-white px-4 py-3 text-sm text-slate-500 ring-1 ring-slate-200">
            <FolderOpen className="size-4 text-slate-300" aria-hidden />
            {none()}
          </p>
        ) : (
          <ListLoading />
        )
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {rows.map(folder => (
            <FolderCard
              key={folder.id}
              folder={folder}
              mine={folder.ownerID === ctx.userID}
              mayWrite={mayWriteFolder(ctx, folder)}
              onEdit={() => setDialog({kind: 'folder', folder})}
              onNewPage={() => setDialog({kind: 'page', folder})}
            />
          ))}
        </div>
      )}
    </section>
  );

  return (
    <section className="space-y-6" data-testid="folders-page">
      <PageHeader title={m.section_pages()} subtitle={m.pages_subtitle()}>
        <Button onClick={() => setDialog({kind: 'folder'})} data-testid="new-folder">
          <FolderPlus className="size-4" aria-hidden />
          {m.pages_folder_new()}
        </Button>
      </PageHeader>
      {group(m.pages_folders_mine(), mine, 'folders-mine', m.pages_folders_mine_none)}
      {group(m.pages_folders_theirs(), theirs, 'folders-theirs', m.pages_folders_theirs_none)}
      {dialog?.kind === 'folder' && <FolderDialog folder={dialog.folder} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'page' && <NewPageDialog folder={dialog.folder} onClose={() => setDialog(undefined)} />}
    </section>
  );
}

function FolderCard({
  folder,
  mine,
  mayWrite,
  onEdit,
  onNewPage,
}: {
  folder: Folder;
  mine: boolean;
  mayWrite: boolean;
  onEdit: () => void;
  onNewPage: () => void;
}) {
  const zero = useZero();
  const confirm = useConfirm();
  const remove = async () => {
    const sure = await confirm({
      title: m.pages_folder_delete_confirm({name: folder.name}),
      description: m.pages_folder_delete_hint({count: folder.pages.length}),
      confirmLabel: m.action_delete(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.pageFolders.delete({id: folder.id})));
    if (outcome.ok) toast.success(m.pages_folder_deleted());
    else toast.error(outcome.message);
  };

  return (
    <article
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="folder"
      data-id={folder.id}
      aria-labelledby={`folder-${folder.id}`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h3 id={`folder-${folder.id}`} className="truncate font-semibold text-slate-900" data-testid="folder-name">
            <bdi>{folder.name}</bdi>
          </h3>
          <p className="flex items-center gap-1.5 text-xs text-slate-500">
            {folder.shared ? <Users className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
            {folder.shared ? m.saved_search_shared() : m.saved_search_private()}
            {!mine && (
              <>
                <span aria-hidden>·</span>
                <bdi>{m.saved_search_by({name: folder.owner?.name ?? ''})}</bdi>
              </>
            )}
          </p>
        </div>
        {mayWrite && (
          <div className="flex items-center gap-0.5">
            <FolderAction label={m.pages_page_new_in({folder: folder.name})} onClick={onNewPage} testid="new-page">
              <FilePlus className="size-4" />
            </FolderAction>
            <FolderAction label={m.pages_folder_edit({name: folder.name})} onClick={onEdit} testid="folder-edit">
              <Pencil className="size-4" />
            </FolderAction>
            <FolderAction
              label={m.pages_folder_delete({name: folder.name})}
              onClick={() => void remove()}
              testid="folder-delete"
              danger
            >
              <Trash2 className="size-4" />
            </FolderAction>
          </div>
        )}
      </header>
      {folder.pages.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{m.pages_folder_empty()}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {folder.pages.map(page => (
            <li key={page.id}>
              <Link
                to={pagePath(page.id)}
                className="flex items-center gap-3 px-4 py-2.5 hover:bg-brand-50"
                data-testid="page-link"
              >
                <FileText className="size-4 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate text-slate-900">
                  <bdi>{page.title}</bdi>
                </span>
                <span className="shrink-0 text-xs text-slate-500">{formatLocalDate(page.updatedAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** A folder's icon action, named for screen readers and on hover; the delete one in red. */
function FolderAction({
  label,
  onClick,
  testid,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  testid: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={clsx(
        'rounded-lg p-2 text-slate-500',
        danger ? 'hover:bg-rose-50 hover:text-rose-700' : 'hover:bg-brand-50 hover:text-brand-700',
      )}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testid}
    >
      {children}
    </button>
  );
}
