import {useRouteContext} from '@tanstack/react-router';
import {useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {call} from '../login/api.ts';
import {Dialog} from '../ui/Dialog.tsx';
import {maxLengthOf} from '../lib/schema-parts.ts';
import {Button, Field, LengthCounter} from '../ui/controls.tsx';
import {composeContactNote, contactTaskSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The message and the training text go as one note, of at most this many characters. */
const NOTE_MAX = maxLengthOf(contactTaskSchema.entries.task.entries.NoteText)!;

const textareaClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none';

/**
 * Contact and training coordination (spec §1, §5, §8): a message to the office, by email. Opened from a
 * card, it is about that card: its number and name go with the message (spec §3 contact task).
 */
export function ContactDialog({
  open,
  onOpenChange,
  about,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  about?: {id: string; name: string};
}) {
  const {session} = useRouteContext({from: '/shell'});
  const user = session.user!;
  const [message, setMessage] = useState('');
  const [training, setTraining] = useState('');
  const [problem, setProblem] = useState<{title: string; text: string}>();
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) return setProblem({title: m.error_title(), text: m.contact_empty_error()});
    setSending(true);
    const result = await call('/api/users/send-mail-dental', {
      task: {
        UserID: user.ID,
        ShadchanName: user.Name,
        NoteText: composeContactNote(message, training),
        Type: 'contactUs',
        ...(about ? {PeopleID: about.id, PeopleName: about.name} : {}),
      },
    });
    setSending(false);
    if (!result.ok) return setProblem({title: m.contact_failed_title(), text: m.contact_failed_text()});
    toast.success(m.contact_sent());
    setMessage('');
    setTraining('');
    setProblem(undefined);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.contact_title()} description={m.contact_description()}>
      <form onSubmit={e => void submit(e)} className="space-y-4" data-testid="contact-form" noValidate>
        {about && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="contact-about">
            {m.contact_about()} <bdi className="font-medium">{about.name}</bdi>
          </p>
        )}
        {problem && (
          <div
            role="alert"
            className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
            data-testid="contact-error"
          >
            <p className="font-semibold">{problem.title}</p>
            <p>{problem.text}</p>
          </div>
        )}
        <Field label={m.contact_message_label()}>
          {p => (
            <textarea
              {...p}
              name="message"
              rows={5}
              maxLength={NOTE_MAX}
              value={message}
              onChange={e => (setMessage(e.target.value), setProblem(undefined))}
              className={textareaClass}
            />
          )}
        </Field>
        <Field label={m.contact_training_label()}>
          {p => (
            <textarea
              {...p}
              name="training"
              rows={2}
              maxLength={NOTE_MAX}
              value={training}
              onChange={e => setTraining(e.target.value)}
              className={textareaClass}
            />
          )}
        </Field>
        <LengthCounter length={composeContactNote(message, training).length} max={NOTE_MAX} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {m.action_cancel()}
          </Button>
          <Button type="submit" disabled={sending} data-testid="contact-send">
            {sending ? m.sending() : m.contact_send()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
