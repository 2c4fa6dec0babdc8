import {useState} from 'react';
import {useQuery} from '@rocicorp/zero/react';
import {nanoid} from 'nanoid';
import {toast} from 'sonner';
import {queries} from '../queries.ts';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {roleLabel} from '../shell/roles.ts';
import {Dialog} from '../ui/Dialog.tsx';
import {Button, Field, Select, TextInput} from '../ui/controls.tsx';
import {MomentField, momentOf, momentParts} from './MomentField.tsx';
import {AUDIENCES, type Audience, type NotificationRow} from './schema.ts';
import * as m from '../paraglide/messages.js';

const AUDIENCE_LABEL: Record<Audience, () => string> = {
  everyone: m.notifications_audience_everyone,
  roles: m.notifications_audience_roles,
  users: m.notifications_audience_users,
};
const ROLES = ['admin', 'shadchan', 'coordinator', 'representative'] as const;

/** The server's issue codes → the message shown under the field. */
const ISSUE: Record<string, () => string> = {
  required: m.notifications_error_required,
  tooLong: m.notifications_error_too_long,
  chooseRoles: m.notifications_error_choose_roles,
  chooseUsers: m.notifications_error_choose_users,
  untilBeforeFrom: m.notifications_error_until,
  invalidDate: m.error_invalid_date,
};

/** Writing or editing a notice: title, text, audience, from/until. The server checks all of it again. */
export function NotificationForm({row, onClose}: {row: NotificationRow | 'new'; onClose: (saved: boolean) => void}) {
  const editing = row === 'new' ? undefined : row;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [audience, setAudience] = useState<Audience>(editing?.audience ?? 'everyone');
  const [roles, setRoles] = useState<string[]>(editing?.roles ?? []);
  const [userIDs, setUserIDs] = useState<string[]>(editing?.userIDs ?? []);
  const [from, setFrom] = useState(momentParts(editing?.from ?? null));
  const [until, setUntil] = useState(momentParts(editing?.until ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [waiting, setWaiting] = useState(false);
  const [staff] = useQuery(queries.candidates.staff());

  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter(v => v !== value) : [...list, value]);

  async function save() {
    setWaiting(true);
    const result = await call('/api/admin/notifications', {
      id: editing?.id ?? nanoid(12),
      title,
      body,
      audience,
      roles,
      userIDs,
      from: momentOf(from, '00:00'),
      until: momentOf(until, '23:59'),
    });
    setWaiting(false);
    if (result.ok) {
      toast.success(m.notifications_saved());
      return onClose(true);
    }
    const found: Record<string, string> = {};
    for (const issue of result.issues ?? []) {
      const field = issue.field.split('.')[0]!;
      found[field] ??= (ISSUE[issue.message] ?? m.error_invalid_input)();
    }
    if (!result.issues) found.form = loginErrorText(result.error, result.message);
    setErrors(found);
    // On a phone the dialog scrolls: the first field to fix comes into view (as in the app's other forms).
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[data-testid=notification-form] [aria-invalid=true]')?.focus(),
    );
  }

  return (
    <Dialog open onOpenChange={open => !open && onClose(false)} title={editing ? m.notifications_edit() : m.notifications_new()}>
      <div className="space-y-4" data-testid="notification-form">
        {errors.form && (
          <p role="alert" className="text-sm text-rose-600">
            {errors.form}
          </p>
        )}
        <Field label={m.notifications_title_label()} error={errors.title}>
          {p => (
            <TextInput
              {...p}
              value={title}
              maxLength={200}
              onChange={e => setTitle(e.target.value)}
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
              onChange={e => setBody(e.target.value)}
              className="block w-full rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
              data-testid="notification-body"
            />
          )}
        </Field>
        <Field label={m.notifications_audience()} error={errors.roles ?? errors.userIDs}>
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
            {ROLES.map(role => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={roles.includes(role)}
                  onChange={() => setRoles(toggle(roles, role))}
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
                  onChange={() => setUserIDs(toggle(userIDs, u.id))}
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
          onChange={setFrom}
        />
        <MomentField
          label={m.notifications_until()}
          timeLabel={m.notifications_until_time()}
          name="until"
          value={until}
          error={errors.until}
          onChange={setUntil}
        />
        <p className="-mt-2 text-xs text-slate-500">{m.notifications_period_hint()}</p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onClose(false)}>
            {m.action_cancel()}
          </Button>
          <Button disabled={waiting} onClick={() => void save()} data-testid="notification-save">
            {m.action_save()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
