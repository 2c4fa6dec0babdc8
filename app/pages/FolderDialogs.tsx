import {useNavigate} from '@tanstack/react-router';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {SharingChoice} from '../saved-searches/SharingChoice.tsx';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {EMPTY_DOC} from './content.ts';
import {EDIT_SEARCH, pagePath} from './paths.ts';
import {FOLDER_NAME_MAX, PAGE_TITLE_MAX, folderSchema, pageCreateSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

type Folder = {id: string; name: string; shared: boolean};

/** A new folder (no `folder`), or a folder's new name and sharing. */
export function FolderDialog({folder, onClose}: {folder?: Folder; onClose: () => void}) {
  const [id] = useState(() => folder?.id ?? nanoid());
  const [name, setName] = useState(folder?.name ?? '');
  const [shared, setShared] = useState(folder?.shared ?? false);
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    folderSchema,
    folder ? mutators.pageFolders.update : mutators.pageFolders.create,
    onClose,
    m.pages_folder_saved,
    {name: m.pages_folder_name_required},
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id, name, shared}));
  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={folder ? m.pages_folder_edit({name: folder.name}) : m.pages_folder_new()}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="folder-form">
        <Field label={`${m.pages_folder_name()} *`} error={errors.name}>
          {p => (
            <TextInput
              {...p}
              name="name"
              maxLength={FOLDER_NAME_MAX}
              value={name}
              onChange={e => (setName(e.target.value), clearError('name'))}
              autoFocus
              data-testid="folder-name"
            />
          )}
        </Field>
        <SharingChoice
          shared={shared}
          onChange={setShared}
          legend={m.pages_folder_sharing()}
          privateHint={m.pages_folder_private_hint()}
          sharedHint={m.pages_folder_shared_hint()}
        />
        {folder?.shared && !shared && <p className="text-sm text-amber-700">{m.pages_folder_unshare_hint()}</p>}
        <DialogActions saving={saving} onCancel={onClose} testid="folder-submit" />
      </form>
    </Dialog>
  );
}

/** A new page in a folder: its title first, then its editor opens. */
export function NewPageDialog({folder, onClose}: {folder: Folder; onClose: () => void}) {
  const navigate = useNavigate();
  const [id] = useState(() => nanoid());
  const [title, setTitle] = useState('');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    pageCreateSchema,
    mutators.pages.create,
    () => void navigate({to: pagePath(id), search: EDIT_SEARCH}),
    m.pages_page_created,
    {title: m.pages_title_required},
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id, folderID: folder.id, title, content: EMPTY_DOC}));
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.pages_page_new_in({folder: folder.name})}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="new-page-form">
        <Field label={`${m.pages_title()} *`} error={errors.title}>
          {p => (
            <TextInput
              {...p}
              name="title"
              maxLength={PAGE_TITLE_MAX}
              value={title}
              onChange={e => (setTitle(e.target.value), clearError('title'))}
              autoFocus
              data-testid="new-page-title"
            />
          )}
        </Field>
        <DialogActions saving={saving} onCancel={onClose} testid="new-page-submit" />
      </form>
    </Dialog>
  );
}
