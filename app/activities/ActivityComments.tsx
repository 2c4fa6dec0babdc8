import {useZero} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {MessageSquare} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {validate} from '../lib/field-errors.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {maxLengthOf} from '../lib/schema-parts.ts';
import {Button, LengthCounter} from '../ui/controls.tsx';
import {activityCommentSchema, type ActivityType} from './schema.ts';
import {TYPE_LABEL} from './labels.ts';
import * as m from '../paraglide/messages.js';

const COMMENT_MAX = maxLengthOf(activityCommentSchema.entries.body)!;

type Comment = {
  id: string;
  body: string;
  createdAt: number;
  kind: 'comment' | 'typeChanged';
  detail?: {from: string; to: string} | null | undefined;
  author?: {name: string} | undefined;
};

/** A thread entry's text: a comment as written, a type changed by hand as what it was and became (issue 31). */
export function commentText(c: Pick<Comment, 'body' | 'kind' | 'detail'>): string {
  if (c.kind !== 'typeChanged' || !c.detail) return c.body;
  const label = (type: string) => (TYPE_LABEL[type as ActivityType] ?? (() => type))();
  return m.activity_type_changed_entry({from: label(c.detail.from), to: label(c.detail.to)});
}

/**
 * A saved activity's comment thread (spec §3): each comment with its author and time, oldest first,
 * and a box to add one. Anyone who sees the activity may comment (activities.comment).
 */
export function ActivityComments({activityID, comments}: {activityID: string; comments: readonly Comment[]}) {
  const zero = useZero();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function send(e: FormEvent) {
    e.preventDefault();
    const checked = validate(activityCommentSchema, {id: nanoid(), activityID, body});
    if (!checked.ok) return setError(checked.errors.body);
    setSending(true);
    const outcome = await confirmed(zero.mutate(mutators.activities.comment(checked.value)));
    setSending(false);
    if (!outcome.ok) {
      setError(outcome.fields.body);
      toast.error(outcome.message);
      return;
    }
    setBody('');
    setError(undefined);
  }

  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="activity-comments">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageSquare className="size-4 text-slate-500" aria-hidden />
        {m.activity_comments()}
      </h2>
      {comments.length === 0 ? (
        <p className="text-sm text-slate-500">{m.activity_comments_empty()}</p>
      ) : (
        <ul className="space-y-2">
          {comments.map(c => (
            <li key={c.id} className="rounded-xl bg-slate-50 px-4 py-2.5" data-testid="activity-comment">
              <p className="flex flex-wrap justify-between gap-2 text-xs text-slate-500">
                <bdi className="font-medium text-slate-700">{c.author?.name}</bdi>
                <span className="tabular-nums">{formatLocalDateTime(c.createdAt)}</span>
              </p>
              <p
                className={clsx(
                  'mt-1 text-sm whitespace-pre-wrap',
                  c.kind === 'comment' ? 'text-slate-900' : 'text-slate-600 italic',
                )}
                data-kind={c.kind}
              >
                <bdi>{commentText(c)}</bdi>
              </p>
            </li>
          ))}
        </ul>
      )}
      {/* Its own form: a comment is sent on its own, never with the activity's save. */}
      <form onSubmit={send} noValidate className="space-y-2">
        <label htmlFor="activity-comment-body" className="sr-only">
          {m.activity_comment_add()}
        </label>
        <textarea
          id="activity-comment-body"
          value={body}
          onChange={e => {
            setBody(e.target.value);
            setError(undefined);
          }}
          rows={2}
          maxLength={COMMENT_MAX}
          placeholder={m.activity_comment_placeholder()}
          aria-invalid={Boolean(error)}
          {...(error ? {'aria-describedby': 'activity-comment-error'} : {})}
          className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
          data-testid="activity-comment-body"
        />
        <LengthCounter length={body.length} max={COMMENT_MAX} />
        {error && (
          <p id="activity-comment-error" role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={sending} data-testid="activity-comment-send">
          {m.activity_comment_add()}
        </Button>
      </form>
    </section>
  );
}
