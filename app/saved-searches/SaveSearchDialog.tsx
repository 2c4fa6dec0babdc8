import {useQuery} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {BookmarkPlus} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {savedSearchQueries} from './queries.ts';
import {Button, Field, Select} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {Toggle} from '../ui/Toggle.tsx';
import {useCurrentListView, type ListView} from './list-search.ts';
import {savedSearchCreateSchema, savedSearchUpdateSchema} from './schema.ts';
import {SharingChoice} from './SharingChoice.tsx';
import {TitleField, TITLE_REQUIRED} from './TitleField.tsx';
import {activeFilterCount} from '../candidates/search/url.ts';
import * as m from '../paraglide/messages.js';

/** "Save search" beside the list's search and filters: saves the view on screen (its URL) under a title. */
export function SaveSearchButton() {
  const view = useCurrentListView();
  const [saving, setSaving] = useState<ListView>();
  return (
    <>
      <Button variant="secondary" onClick={() => setSaving(view)} data-testid="save-search">
        <BookmarkPlus className="size-4" aria-hidden />
        {m.saved_search_save()}
      </Button>
      {saving && <SaveSearchDialog view={saving} onClose={() => setSaving(undefined)} />}
    </>
  );
}

const NEW = '';

/**
 * Saves the list's view as a new search (private or shared, pinned to the menu or not), or in place of
 * the filters of one of the user's own searches: that is how a search's filters are edited (open it,
 * change the filters, save it over itself).
 */
function SaveSearchDialog({view, onClose}: {view: ListView; onClose: () => void}) {
  const {session} = useRouteContext({from: '/shell'});
  const [searches] = useQuery(savedSearchQueries.list());
  const mine = searches.filter(s => s.ownerID === session.user?.ID && s.view === 'list');
  const [replacing, setReplacing] = useState(NEW);
  const [title, setTitle] = useState('');
  const [shared, setShared] = useState(false);
  const [pin, setPin] = useState(true);
  const create = useMutationForm(
    savedSearchCreateSchema,
    mutators.savedSearches.create,
    onClose,
    m.saved_search_saved,
    TITLE_REQUIRED,
  );
  const update = useMutationForm(
    savedSearchUpdateSchema,
    mutators.savedSearches.update,
    onClose,
    m.saved_search_saved,
    TITLE_REQUIRED,
  );
  const {errors, saving, clearError, formRef} = replacing ? update : create;
  // Counted as the filter button counts them (a range's two ends are one filter), and the typed search.
  const filterCount = activeFilterCount(view.filters) + (view.filters.search ? 1 : 0);

  const choose = (id: string) => {
    const chosen = mine.find(s => s.id === id);
    setReplacing(id);
    setTitle(chosen?.title ?? '');
    setShared(chosen?.shared ?? false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (replacing) void update.save({id: replacing, title, shared, ...view});
    else void create.save({id: nanoid(), title, shared, pin, view: 'list', ...view});
  };

  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.saved_search_save()} description={m.saved_search_save_hint()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="save-search-form">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="save-search-summary">
          {filterCount ? m.saved_search_filter_count({count: filterCount}) : m.saved_search_no_filters()}
        </p>
        {mine.length > 0 && (
          <Field label={m.saved_search_save_as()}>
            {p => (
              <Select {...p} value={replacing} onChange={e => choose(e.target.value)} data-testid="save-search-replace">
                <option value={NEW}>{m.saved_search_save_as_new()}</option>
                {mine.map(s => (
                  <option key={s.id} value={s.id}>
                    {m.saved_search_save_over({title: s.title})}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <TitleField
          value={title}
          error={errors.title}
          onChange={t => (setTitle(t), clearError('title'))}
          testid="save-search-title"
        />
        <SharingChoice shared={shared} onChange={setShared} />
        {!replacing && <Toggle label={m.saved_search_pin_to_menu()} checked={pin} onChange={setPin} testid="save-search-pin" />}
        <DialogActions saving={saving} onCancel={onClose} testid="save-search-submit" />
      </form>
    </Dialog>
  );
}
