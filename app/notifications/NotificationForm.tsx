import {useState, type FormEvent} from 'react';
import {useQuery} from '@rocicorp/zero/react';
import type {Row} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import type {Schema} from '../../zero-schema.ts';
import {momentOf, momentParts} from '../lib/moments.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {candidateQueries} from '../candidates/queries.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {MomentField} from '../ui/MomentField.tsx';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import {AUDIENCE_LABEL} from './labels.ts';
import {AUDIENCE_ROLES, notificationSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';
import {AUDIENCES, type Audience} from '../tables/site.ts';

export type Notice = Row<Schema['tables']['adminNotification']>;

const toggle = (list: readonly string[], value: string) =>
  list.includes(value) ? list.filter(v => v !== value) : [...list, value];

/** Writing or editing a notice: title, text, audience, from/until. The server checks all of it again. */
export function NotificationForm({notice, onClose}: {notice: Notice | undefined; onClose: () => void}) {
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [audience, setAudience] = useState<Audience>(notice?.audience ?? 'everyone');
  const [roles, setRoles] = useState<readonly string[]>(notice?.roles ?? []);
  const [userIDs, setUserIDs] = useState<readonly string[]>(notice?.userIDs ?? []);
  const [from, setFrom] = useState(momentParts(notice?.shownFrom));
  const [until, setUntil] = useState(momentParts(notice?.shownUntil));
  const [staff] = useQuery(candidateQueries.staff());
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    notificationSchema,
    notice ? mutators.notifications.update : mutators.notifications.create,
    onClose,
    m.notifications_saved,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void save({
      id: notice?.id ?? nanoid(),
      title,
      body,
      audience,
      roles,
      userIDs,
      // A day alone: a notice "from the 5th" starts as the 5th begins, one "until the 5th" runs to its end.
      from: momentOf(from, '00:00'),
      until: momentOf(until, '23:59'),
    });
  }

  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={notice ? m.notifications_edit() : m.notifications_new()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="notification-form">
        <Field label={m.notifications_title_label()} error={errors.title}>
          {p => (
            <TextInput
              {...p}
              value={title}
              maxLength={200}
              onChange={e => (setTitle(e.target.value), clearError('title'))}
              data-testid="notification-title"
            />
          )}
        </Field>
        <Field label={m.notifications_body_label()} error={errors.body}>
          {p => (
            <textarea
              {...p}
              rows={4}
              value={body}
              maxLength={5000}
              onChange={e => (setBody(e.target.value), clearError('body'))}
              className="block w-full rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
              data-testid="notification-body"
            />
          )}
        </Field>
        <Field label={m.notifications_audience()} error={errors.audience ?? errors.roles ?? errors.userIDs}>
          {p => (
            <Select
              {...p}
              value={audience}
              onChange={e => setAudience(e.target.value as Audience)}
              data-testid="notification-audience"
            >
              {AUDIENCES.map(a => (
                <option key={a} value={a}>
                  {AUDIENCE_LABEL[a]()}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {audience === 'roles' && (
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {AUDIENCE_ROLES.map(role => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={roles.includes(role)}
                  onChange={() => (setRoles(toggle(roles, role)), clearError('roles'))}
                />
                {roleLabel[role]()}
              </label>
            ))}
          </div>
        )}
        {audience === 'users' && (
          <div className="max-h-48 space-y-1.5 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200">
            {staff.map(u => (
              <label key={u.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={userIDs.includes(u.id)}
                  onChange={() => (setUserIDs(toggle(userIDs, u.id)), clearError('userIDs'))}
                />
                {u.name}
              </label>
            ))}
          </div>
        )}
        <MomentField
          label={m.notifications_from()}
          timeLabel={m.notifications_from_time()}
          name="from"
          value={from}
          error={errors.from}
          onChange={value => (setFrom(value), clearError('from'))}
        />
        <MomentField
          label={m.notifications_until()}
          timeLabel={m.notifications_until_time()}
          name="until"
          value={until}
          error={errors.until}
          onChange={value => (setUntil(value), clearError('until'))}
        />
        <p className="-mt-2 text-xs text-slate-500">{m.notifications_period_hint()}</p>
        <DialogActions saving={saving} onCancel={onClose} testid="notification-save" />
      </form>
    </Dialog>
  );
}
