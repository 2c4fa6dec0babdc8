import {useZero} from '@rocicorp/zero/react';
import {RefreshCw} from 'lucide-react';
import {useEffect, useRef, useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalTime} from '../lib/dates.ts';
import {focusFirstInvalid, validate, type FieldErrors} from '../lib/field-errors.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {useLeaveGuard} from '../ui/use-leave-guard.ts';
import {EMPTY_DOC} from './content.ts';
import {RichTextEditor, usePageEditor} from './RichText.tsx';
import {PAGE_TITLE_MAX, pageSaveSchema} from './schema.ts';
import type {LivePage} from './queries.ts';
import * as m from '../paraglide/messages.js';

const REQUIRED = {title: m.pages_title_required};

/**
 * A page's editor. The draft (title and text) belongs to the user while they type: another user's save
 * never replaces it under their hands. The page stays live underneath; when a newer save arrives:
 * - with nothing unsaved here, the editor simply takes it;
 * - with unsaved work, a notice names who saved and when, and the user chooses: load their version
 *   (dropping the draft) or keep the draft, which their next save then lays over it.
 * The server enforces the same: a save names the revision it replaces and is refused once overtaken
 * (app/pages/mutators.ts), so nobody's save is overwritten without the writer having chosen to.
 */
export function PageEditor({page, onDone}: {page: LivePage; onDone: () => void}) {
  const zero = useZero();
  const confirm = useConfirm();
  const [title, setTitle] = useState(page.title);
  /** The revision the draft replaces: the page's when editing began, or when the user last chose. */
  const [base, setBase] = useState(page.revision);
  /** Changes typed, and how many of them the last save (or loaded version) covers. */
  const [edits, setEdits] = useState(0);
  const [settled, setSettled] = useState(0);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const editor = usePageEditor(page.content?.content ?? EMPTY_DOC, () => setEdits(n => n + 1));
  const dirty = edits !== settled;
  const overtaken = page.revision !== base && !saving;
  useLeaveGuard(dirty, saving);

  const loadSaved = () => {
    editor.commands.setContent(page.content?.content ?? EMPTY_DOC, {emitUpdate: false});
    setTitle(page.title);
    setBase(page.revision);
    setSettled(edits);
    setErrors({});
  };

  // A newer save, and nothing of the user's to lose: take it.
  useEffect(() => {
    if (overtaken && !dirty) loadSaved();
  }, [overtaken, dirty, page.revision]);

  const editTitle = (value: string) => {
    setTitle(value);
    setEdits(n => n + 1);
    setErrors(({title: _, ...rest}) => rest);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(pageSaveSchema, {id: page.id, title, content: editor.getJSON(), revision: base}, REQUIRED);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstInvalid(formRef.current);
    }
    setSaving(true);
    const covered = edits;
    const outcome = await confirmed(zero.mutate(mutators.pages.save(checked.value)));
    setSaving(false);
    if (!outcome.ok) {
      // Overtaken meanwhile: the draft stays, and the notice offers the newer version.
      setErrors(outcome.fields);
      toast.error(outcome.message);
      return;
    }
    setBase(base + 1);
    setSettled(covered);
    toast.success(m.pages_page_saved());
    onDone();
  };

  const cancel = async () => {
    if (
      dirty &&
      !(await confirm({
        title: m.card_leave_confirm(),
        confirmLabel: m.leave_discard(),
        cancelLabel: m.leave_stay(),
        destructive: true,
      }))
    )
      return;
    setSettled(edits);
    onDone();
  };

  return (
    <form ref={formRef} onSubmit={e => void save(e)} noValidate className="space-y-4" data-testid="page-form">
      <Field label={`${m.pages_title()} *`} error={errors.title}>
        {p => (
          <TextInput
            {...p}
            name="title"
            dir="auto"
            maxLength={PAGE_TITLE_MAX}
            value={title}
            onChange={e => editTitle(e.target.value)}
            className="text-lg font-semibold"
            data-testid="page-title-input"
          />
        )}
      </Field>
      {overtaken && dirty && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="page-overtaken"
        >
          <p className="min-w-0 flex-1">
            <bdi>{m.pages_overtaken({name: page.editor?.name ?? m.pages_someone(), time: formatLocalTime(page.updatedAt)})}</bdi>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={loadSaved} data-testid="page-load-theirs">
              <RefreshCw className="size-4" aria-hidden />
              {m.pages_load_theirs()}
            </Button>
            <Button variant="ghost" onClick={() => setBase(page.revision)} data-testid="page-keep-mine">
              {m.pages_keep_mine()}
            </Button>
          </div>
        </div>
      )}
      <div className="space-y-1.5">
        <RichTextEditor editor={editor} />
        {errors.content && (
          <p role="alert" className="text-sm text-rose-600" data-field-error>
            {errors.content}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void cancel()} data-testid="page-cancel">
          {m.action_cancel()}
        </Button>
        <Button type="submit" disabled={saving} data-testid="page-save">
          {saving ? m.saving() : m.action_save()}
        </Button>
      </div>
    </form>
  );
}
