import {useQuery, useZero} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {Lock, MessageSquareText, Trash2} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {toast} from '../../lib/toast.ts';
import type * as v from 'valibot';
import {can} from '../../../permissions/context.ts';
import {SAY} from '../../lib/dictionary.ts';
import {formatLocalDateTime} from '../../lib/dates.ts';
import {validate} from '../../lib/field-errors.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {candidateQueries} from '../queries.ts';
import {contextOf} from '../../session.ts';
import {Button} from '../../ui/controls.tsx';
import {useConfirm} from '../../ui/confirm.tsx';
import {noteAddSchema, type noteRestoreSchema} from './notes.ts';
import * as m from '../../paraglide/messages.js';

/**
 * The card's notes (spec §1, §6): shared notes for everyone who sees the card, personal notes that
 * only their author ever receives. Live, newest first.
 */
export function CardNotes({profileID}: {profileID: string}) {
  const zero = useZero();
  const confirm = useConfirm();
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [notes] = useQuery(candidateQueries.notes({id: profileID}));
  const mayShare = can(ctx, 'editTickets');
  const [body, setBody] = useState('');
  const [personal, setPersonal] = useState(!mayShare);
  const [error, setError] = useState<string>();

  async function add(e: FormEvent) {
    e.preventDefault();
    const checked = validate(noteAddSchema, {id: nanoid(), profileID, body, personal});
    if (!checked.ok) return setError(checked.errors.body);
    setBody('');
    setError(undefined);
    const outcome = await confirmed(zero.mutate(mutators.notes.add(checked.value)));
    if (!outcome.ok) {
      setBody(checked.value.body);
      toast.error(outcome.message);
    }
  }

  // Confirmed first; the toast then offers it back. Only the author's own note can come back as it was
  // (whoever restores a note is its author), so the administrator removing someone else's gets no undo.
  async function remove(note: (typeof notes)[number]) {
    if (!(await confirm({title: SAY.deleteConfirm(), confirmLabel: m.action_delete(), destructive: true}))) return;
    const outcome = await confirmed(zero.mutate(mutators.notes.remove({id: note.id})));
    if (!outcome.ok) return toast.error(outcome.message);
    const {id, body, personal, createdAt} = note;
    const undo = () => void restore({id, profileID, body, personal, createdAt});
    toast.success(m.note_removed(), note.authorID === ctx.userID ? {action: {label: m.action_undo(), onClick: undo}} : {});
  }

  async function restore(note: v.InferOutput<typeof noteRestoreSchema>) {
    const outcome = await confirmed(zero.mutate(mutators.notes.restore(note)));
    if (!outcome.ok) toast.error(outcome.message);
  }

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:hidden" data-testid="card-notes">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageSquareText className="size-4" aria-hidden />
        {m.card_notes()}
      </h2>
      <form onSubmit={add} noValidate className="space-y-2">
        <label htmlFor="note-body" className="sr-only">
          {m.card_notes()}
        </label>
        <textarea
          id="note-body"
          rows={2}
          maxLength={2000}
          value={body}
          onChange={e => (setBody(e.target.value), setError(undefined))}
          placeholder={m.note_placeholder()}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'note-error' : undefined}
          className="block w-full rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
          data-testid="note-body"
        />
        {error && (
          <p id="note-error" role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={personal}
              disabled={!mayShare}
              onChange={e => setPersonal(e.target.checked)}
              data-testid="note-personal"
            />
            {m.note_personal()}
          </label>
          <Button type="submit" data-testid="note-add">
            {m.note_add()}
          </Button>
        </div>
      </form>
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{m.notes_empty()}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {notes.map(note => (
            <li key={note.id} className="py-3" data-testid="note">
              <div className="flex items-center gap-2 text-xs text-slate-500">
                <bdi className="font-medium text-slate-700">{note.author?.name}</bdi>
                <span dir="ltr" className="tabular-nums">
                  {formatLocalDateTime(note.createdAt)}
                </span>
                {note.personal && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-gold-100 px-2 py-0.5 font-medium text-amber-800">
                    <Lock className="size-3" aria-hidden />
                    {m.note_personal_badge()}
                  </span>
                )}
                {(note.authorID === ctx.userID || (ctx.role === 'admin' && !note.personal)) && (
                  <button
                    type="button"
                    onClick={() => void remove(note)}
                    className="ms-auto rounded p-1 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
                    aria-label={m.note_remove()}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </button>
                )}
              </div>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-800">
                <bdi>{note.body}</bdi>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
