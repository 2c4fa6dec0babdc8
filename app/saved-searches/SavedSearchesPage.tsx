import type {MutatorResult} from '@rocicorp/zero';
import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {Bookmark, Lock, Pencil, Pin, PinOff, Trash2, Users} from 'lucide-react';
import {useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {mayDeleteSavedSearch} from '../../permissions/saved-searches.ts';
import {confirmed} from '../lib/mutate.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {savedSearchQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {savedSearchTarget} from './list-search.ts';
import {NeedsAttentionPreset} from './NeedsAttentionPreset.tsx';
import {PinOrder} from './PinOrder.tsx';
import {savedSearchUpdateSchema} from './schema.ts';
import {SharingChoice} from './SharingChoice.tsx';
import {TitleField, TITLE_REQUIRED} from './TitleField.tsx';
import * as m from '../paraglide/messages.js';

type Row = ReturnType<typeof useSavedSearches>[0][number];
const useSavedSearches = () => useQuery(savedSearchQueries.list());

/**
 * The saved searches (issue 14, spec §1): the user's own and those colleagues shared, live. Open one
 * (the list with its filters), pin it to the side menu or take it off, rename it or change who sees it
 * (its owner), delete it (its owner; an administrator also a shared one). The needs-attention preset
 * heads the page.
 */
export function SavedSearchesPage() {
  usePageTitle(m.section_saved_searches());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [searches, details] = useSavedSearches();
  const [editing, setEditing] = useState<Row>();
  const mine = searches.filter(s => s.ownerID === ctx.userID);
  const theirs = searches.filter(s => s.ownerID !== ctx.userID);

  const group = (title: string, rows: readonly Row[], testID: string) => (
    <section className="space-y-2" data-testid={testID}>
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      {rows.length === 0 ? (
        details.type === 'complete' ? (
          <p className="flex items-center gap-2 rounded-2xl bg-white px-4 py-3 text-sm text-slate-500 ring-1 ring-slate-200">
            <Bookmark className="size-4 text-slate-300" aria-hidden />
            {m.saved_search_none()}
          </p>
        ) : (
          <ListLoading />
        )
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {rows.map(row => (
            <SearchRow
              key={row.id}
              row={row}
              mayEdit={row.ownerID === ctx.userID}
              mayDelete={mayDeleteSavedSearch(ctx, row)}
              onEdit={() => setEditing(row)}
            />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <section className="space-y-6" data-testid="saved-searches-page">
      <PageHeader title={m.section_saved_searches()} subtitle={m.saved_search_subtitle()} />
      <NeedsAttentionPreset />
      {group(m.saved_search_mine(), mine, 'saved-searches-mine')}
      {group(m.saved_search_theirs(), theirs, 'saved-searches-theirs')}
      <PinOrder />
      {editing && <EditSavedSearchDialog row={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function SearchRow({row, mayEdit, mayDelete, onEdit}: {row: Row; mayEdit: boolean; mayDelete: boolean; onEdit: () => void}) {
  const zero = useZero();
  const confirm = useConfirm();
  const pinned = row.pins.length > 0;
  const target = savedSearchTarget(row);
  const run = async (result: MutatorResult, done: () => string) => {
    const outcome = await confirmed(result);
    if (outcome.ok) toast.success(done());
    else toast.error(outcome.message);
  };
  const remove = async () => {
    const sure = await confirm({
      title: m.saved_search_delete_confirm({title: row.title}),
      description: row.shared ? m.saved_search_delete_shared_hint() : m.saved_search_delete_hint(),
      confirmLabel: m.action_delete(),
      destructive: true,
    });
    if (sure) await run(zero.mutate(mutators.savedSearches.delete({id: row.id})), m.saved_search_deleted);
  };
  const iconButton = 'rounded-lg p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700';

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid="saved-search-row" data-id={row.id}>
      <div className="min-w-0 flex-1">
        <Link
          to={target.to}
          search={target.search as never}
          className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
          data-testid="saved-search-open"
        >
          <bdi>{row.title}</bdi>
        </Link>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          {row.shared ? <Users className="size-3.5" aria-hidden /> : <Lock className="size-3.5" aria-hidden />}
          {row.shared ? m.saved_search_shared() : m.saved_search_private()}
          {!mayEdit && (
            <>
              <span aria-hidden>·</span>
              <bdi>{m.saved_search_by({name: row.owner?.name ?? ''})}</bdi>
            </>
          )}
        </p>
      </div>
      <div className="flex items-center gap-0.5">
        <button
          type="button"
          className={iconButton}
          aria-pressed={pinned}
          aria-label={pinned ? m.saved_search_unpin({title: row.title}) : m.saved_search_pin({title: row.title})}
          title={pinned ? m.saved_search_unpin({title: row.title}) : m.saved_search_pin({title: row.title})}
          onClick={() =>
            void run(
              zero.mutate(pinned ? mutators.savedSearches.unpin({id: row.id}) : mutators.savedSearches.pin({id: row.id})),
              pinned ? m.saved_search_unpinned : m.saved_search_pinned,
            )
          }
          data-testid="saved-search-pin"
        >
          {pinned ? <PinOff className="size-4" /> : <Pin className="size-4" />}
        </button>
        {mayEdit && (
          <button
            type="button"
            className={iconButton}
            aria-label={m.saved_search_edit({title: row.title})}
            title={m.saved_search_edit({title: row.title})}
            onClick={onEdit}
            data-testid="saved-search-edit"
          >
            <Pencil className="size-4" />
          </button>
        )}
        {mayDelete && (
          <button
            type="button"
            className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
            aria-label={m.saved_search_delete({title: row.title})}
            title={m.saved_search_delete({title: row.title})}
            onClick={() => void remove()}
            data-testid="saved-search-delete"
          >
            <Trash2 className="size-4" />
          </button>
        )}
      </div>
    </li>
  );
}

/** Rename a search or change who sees it (its filters change from the list: save it over itself). */
function EditSavedSearchDialog({row, onClose}: {row: Row; onClose: () => void}) {
  const [title, setTitle] = useState(row.title);
  const [shared, setShared] = useState(row.shared);
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    savedSearchUpdateSchema,
    mutators.savedSearches.update,
    onClose,
    m.saved_search_saved,
    TITLE_REQUIRED,
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id: row.id, title, shared}));
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.saved_search_edit({title: row.title})}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="saved-search-edit-form">
        <TitleField
          value={title}
          error={errors.title}
          onChange={t => (setTitle(t), clearError('title'))}
          testid="saved-search-edit-title"
        />
        <SharingChoice shared={shared} onChange={setShared} />
        {row.shared && !shared && <p className="text-sm text-amber-700">{m.saved_search_unshare_hint()}</p>}
        <DialogActions saving={saving} onCancel={onClose} testid="saved-search-edit-submit" />
      </form>
    </Dialog>
  );
}
