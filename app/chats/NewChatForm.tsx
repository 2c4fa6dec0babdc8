import {useQuery} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {nanoid} from 'nanoid';
import {clsx} from 'clsx';
import {useMemo, useState, type FormEvent} from 'react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {chatQueries} from './queries.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {Button, Field, SearchInput, TextInput} from '../ui/controls.tsx';
import {chatCreateSchema, chatSendSchema, CHAT_TITLE_MAX, MESSAGE_MAX} from './schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * Starts a conversation: the staff members it is with (a filter over everyone who can chat), a name
 * when it is a group, and the first message. `profileID`: it is about that card, and `suggested` (the
 * card's shadchan) starts chosen. `onStarted` gets the new conversation's id once the server agreed.
 */
export function NewChatForm({
  profileID = null,
  suggested = [],
  onStarted,
  onCancel,
}: {
  profileID?: string | null;
  suggested?: readonly string[];
  onStarted: (chatID: string) => void;
  onCancel: () => void;
}) {
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!.ID;
  const [people] = useQuery(chatQueries.people());
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(suggested.filter(id => id !== me)));
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  // The same ids on every try: a refusal takes the optimistic write back, so nothing holds them.
  const ids = useMemo(() => ({id: nanoid(), messageID: nanoid()}), []);
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    chatCreateSchema,
    mutators.chats.create,
    () => onStarted(ids.id),
    m.chats_started,
  );
  const others = people.filter(p => p.id !== me);
  // One colleague, and a one-to-one conversation with them (about this card, or about none) exists:
  // the message goes there, and it opens (issue 31), rather than a second thread beside it.
  const [mine] = useQuery(chatQueries.list());
  const only = chosen.size === 1 ? [...chosen][0] : undefined;
  const existing = mine.find(
    c =>
      only !== undefined &&
      (c.profileID ?? null) === profileID &&
      !c.title &&
      c.members.length === 2 &&
      c.members.some(member => member.userID === only),
  );
  const sent = useMutationForm(chatSendSchema, mutators.chats.send, () => onStarted(existing!.id), m.chats_sent_to_existing);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? others.filter(p => p.name.toLowerCase().includes(needle)) : others;
  const group = chosen.size > 1;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    clearError('memberIDs');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (existing) return void sent.save({id: ids.messageID, chatID: existing.id, body});
    void save({...ids, title: group && title.trim() ? title : null, memberIDs: [...chosen], profileID, body});
  };
  const bodyError = errors.body ?? sent.errors.body;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="new-chat-form">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">
          {m.chats_members()}
          {chosen.size > 0 && (
            <span className="ms-2 text-xs font-normal text-slate-500">{m.chats_chosen({count: chosen.size})}</span>
          )}
        </legend>
        <SearchInput
          label={m.chats_members_search()}
          value={filter}
          onChange={e => setFilter(e.target.value)}
          data-testid="new-chat-filter"
        />
        <ul
          className={clsx('max-h-48 overflow-y-auto rounded-lg ring-1', errors.memberIDs ? 'ring-rose-500' : 'ring-slate-200')}
          data-testid="new-chat-people"
        >
          {shown.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">{m.chats_no_people()}</li>}
          {shown.map(person => (
            <li key={person.id}>
              <label className="flex items-center gap-2.5 px-3 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={chosen.has(person.id)}
                  onChange={e => toggle(person.id, e.target.checked)}
                  data-testid="new-chat-person"
                />
                <bdi className="min-w-0 flex-1 truncate text-slate-900">{person.name}</bdi>
                <span className="shrink-0 text-xs text-slate-500">{roleLabel[person.role]()}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.memberIDs && (
          <p role="alert" className="text-sm text-rose-600" data-field-error>
            {errors.memberIDs}
          </p>
        )}
        {existing && (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800" data-testid="new-chat-existing">
            {m.chats_existing_thread()}
          </p>
        )}
      </fieldset>
      {group && (
        <Field label={m.chats_title_label()} error={errors.title}>
          {p => (
            <TextInput
              {...p}
              maxLength={CHAT_TITLE_MAX}
              value={title}
              onChange={e => (setTitle(e.target.value), clearError('title'))}
              data-testid="new-chat-title"
            />
          )}
        </Field>
      )}
      <Field label={m.chats_message_label()} error={bodyError}>
        {p => (
          <textarea
            {...p}
            rows={3}
            maxLength={MESSAGE_MAX}
            value={body}
            onChange={e => (setBody(e.target.value), clearError('body'), sent.clearError('body'))}
            placeholder={m.chats_message_placeholder()}
            className="block w-full rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
            data-testid="new-chat-body"
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {m.action_cancel()}
        </Button>
        <Button type="submit" disabled={saving || sent.saving} data-testid="new-chat-submit">
          {saving || sent.saving ? m.saving() : existing ? m.chats_send_there() : m.chats_start()}
        </Button>
      </div>
    </form>
  );
}
