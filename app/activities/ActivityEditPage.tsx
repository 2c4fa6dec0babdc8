import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useNavigate, useParams, useRouteContext, useSearch} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Lock, Phone, Trash2} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useEffect, useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {can} from '../../permissions/context.ts';
import {mayChangeActivity} from '../../permissions/activities.ts';
import {SAY} from '../lib/dictionary.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {type FieldErrors, focusFirstInvalid, validate} from '../lib/field-errors.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {activityQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {SaveBar} from '../ui/SaveBar.tsx';
import {useLeaveGuard} from '../ui/use-leave-guard.ts';
import {ActivityComments} from './ActivityComments.tsx';
import {ActivityFormFields} from './ActivityFormFields.tsx';
import {ActivityStages} from './ActivityStages.tsx';
import {TYPE_LABEL} from './labels.ts';
import {CollisionWarning} from './CollisionWarning.tsx';
import {callerDisplay} from '../calls/caller-display.ts';
import {formatDuration} from '../calls/format.ts';
import {EMPTY_ACTIVITY, activityArgs, formOf, formsDiffer, type ActivityForm} from './form.ts';
import {ACTIVITIES_PATH, activityPath, newActivitySearchOf} from './paths.ts';
import {activitySchema} from './activity-schema.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/**
 * An activity's form (/dashboard/activity/edit/{id}, and `new`): a new one starts from the search
 * params of the contract (a card, a call's caller and length); each id gets a fresh editor.
 */
export function ActivityEditPage() {
  const {id} = useParams({strict: false}) as {id: string};
  return <ActivityEditor key={id} param={id} />;
}

function ActivityEditor({param}: {param: string}) {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const zero = useZero();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const isNew = param === 'new';
  const [id] = useState(() => (isNew ? nanoid() : param));
  const prefill = newActivitySearchOf(useSearch({strict: false}) as Record<string, unknown>);
  const [activity, details] = useQuery(!isNew && activityQueries.one({id}));
  // The card a new activity starts from goes on its side (A for a man, B for a woman).
  const [startCard] = useQuery(isNew && prefill.profile !== undefined && activityQueries.candidate({id: prefill.profile}));

  const [initial, setInitial] = useState<ActivityForm | undefined>(() =>
    isNew
      ? {
          ...EMPTY_ACTIVITY,
          callerNumber: prefill.callerNumber ?? '',
          callDurationSeconds: prefill.callDuration === undefined ? '' : String(prefill.callDuration),
        }
      : undefined,
  );
  const [form, setForm] = useState<ActivityForm | undefined>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const dirty = form !== undefined && initial !== undefined && formsDiffer(form, initial);
  useLeaveGuard(dirty, saving);
  usePageTitle(isNew ? m.activity_new() : activity ? `${m.section_activity()} · ${activity.title}` : m.section_activity());

  // The saved activity fills the form; while the user has changed nothing, later saves (a snooze from
  // the reminder toast, the administrator's edit) show at once.
  const savedForm = activity ? formOf(activity) : undefined;
  const savedKey = activity ? `${activity.id}:${activity.updatedAt}` : '';
  useEffect(() => {
    if (!savedForm || dirty) return;
    setInitial(savedForm);
    setForm(savedForm);
    // Only when the saved row changes (its revision).
  }, [savedKey]);
  const startSide = startCard ? (startCard.gender === 'male' ? 'maleProfileID' : 'femaleProfileID') : undefined;
  useEffect(() => {
    if (!startCard || !startSide) return;
    const place = (f: ActivityForm | undefined) => f && (f[startSide] === '' ? {...f, [startSide]: startCard.id} : f);
    setInitial(place);
    setForm(place);
  }, [startCard, startSide]);

  if (!isNew && !activity) {
    return details.type === 'complete' ? (
      <p className="py-16 text-center text-slate-500" data-testid="activity-not-found">
        {m.activity_not_found()}
      </p>
    ) : (
      <Loading />
    );
  }
  if (!form) return <Loading />;

  const editable = can(ctx, 'editTickets') && (isNew || (activity !== undefined && mayChangeActivity(ctx, activity)));
  const set = (key: keyof ActivityForm, value: string) => {
    setForm(f => f && {...f, [key]: value});
    // The reminder's date and time share one error (the schema checks the moment they make).
    const field = key === 'reminderDate' || key === 'reminderTime' ? 'reminderAt' : key;
    setErrors(({[field]: _, ...rest}) => rest);
  };
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(document.querySelector('[data-testid=activity-form]'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A new activity from a call names the call, which activities.create links (the schema keeps the
    // key once it knows it; until then valibot's object drops it).
    const args = {...activityArgs(id, form!), ...(isNew && prefill.phoneCall ? {phoneCallID: prefill.phoneCall} : {})};
    const checked = validate(activitySchema, args);
    if (!checked.ok) {
      showErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    // A stage changed by hand asks first (issue 31): moving a pair on is "next stage", which keeps this one.
    if (activity && activity.type !== checked.value.type) {
      const sure = await confirm({
        title: m.activity_type_change_confirm({from: TYPE_LABEL[activity.type](), to: TYPE_LABEL[checked.value.type]()}),
        description: m.activity_type_change_detail(),
        confirmLabel: m.activity_type_change(),
      });
      if (!sure) return;
    }
    setSaving(true);
    const mutation = isNew ? mutators.activities.create(checked.value) : mutators.activities.update(checked.value);
    const outcome = await confirmed(zero.mutate(mutation));
    if (!outcome.ok) {
      setSaving(false);
      showErrors(outcome.fields);
      toast.error(outcome.message);
      return;
    }
    setInitial(form);
    setErrors({});
    if (isNew) {
      toast.success(SAY.saved());
      // Still "saving" while leaving, so the unsaved-changes guard lets the page go.
      void navigate({to: activityPath(id), replace: true});
    } else {
      toast.success(SAY.updated());
      setSaving(false);
    }
  }

  async function remove() {
    if (!(await confirm({title: SAY.deleteConfirm(), confirmLabel: m.action_delete(), destructive: true}))) return;
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.activities.delete({id})));
    if (!outcome.ok) {
      setSaving(false);
      toast.error(outcome.message);
      return;
    }
    toast.success(SAY.activityDeleted());
    void navigate({to: ACTIVITIES_PATH});
  }

  const warnable = isNew && (form.type === 'idea' || form.type === 'suggestion');
  const fromCall = form.callerNumber !== '' || form.callDurationSeconds !== '';
  return (
    <div className="mx-auto max-w-4xl space-y-5 pb-28">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">
            {isNew ? m.activity_new() : m.section_activity()}
            {activity?.code && (
              <span className="ms-3 rounded-lg bg-slate-100 px-2 py-0.5 align-middle text-base font-medium text-slate-600 tabular-nums">
                <bdi data-testid="activity-code">#{activity.code}</bdi>
              </span>
            )}
          </h1>
          {activity && (
            <p className="mt-1 text-sm text-slate-500" data-testid="activity-entered">
              {m.activity_entered_by({name: activity.author?.name ?? '', date: formatLocalDateTime(activity.createdAt)})}
            </p>
          )}
        </div>
        <Link to={ACTIVITIES_PATH} className="text-sm font-medium text-brand-700 hover:underline">
          {m.activities_back()}
        </Link>
      </div>

      {!editable && (
        <p
          className="flex items-center gap-1.5 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600"
          data-testid="activity-read-only"
        >
          <Lock className="size-4" aria-hidden />
          {m.activity_read_only()}
        </p>
      )}

      {activity && <ActivityStages activity={activity} mayMoveOn={editable && !dirty} />}

      {warnable && (form.maleProfileID !== '' || form.femaleProfileID !== '') && (
        <CollisionWarning id={id} maleProfileID={form.maleProfileID || null} femaleProfileID={form.femaleProfileID || null} />
      )}

      <form onSubmit={submit} noValidate className="space-y-5" data-testid="activity-form">
        <ActivityFormFields form={form} set={set} errors={errors} readOnly={!editable} />

        {fromCall && (
          <p
            className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl bg-white px-5 py-3 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
            data-testid="activity-call"
          >
            <Phone className="size-4 text-slate-500" aria-hidden />
            {form.callerNumber && (
              <span>
                {m.activity_caller()}: <bdi dir="ltr">{callerDisplay(form.callerNumber)}</bdi>
              </span>
            )}
            {form.callDurationSeconds && (
              <span>
                {m.activity_call_duration()}:{' '}
                <span className="tabular-nums">{formatDuration(Number(form.callDurationSeconds))}</span>
              </span>
            )}
            {(errors.callerNumber || errors.callDurationSeconds) && (
              <span role="alert" className="text-rose-600">
                {errors.callerNumber ?? errors.callDurationSeconds}
              </span>
            )}
          </p>
        )}

        {editable && (
          <SaveBar>
            <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <p
                className={clsx(
                  'text-sm',
                  Object.keys(errors).length > 0
                    ? 'font-medium text-rose-700'
                    : dirty
                      ? 'font-medium text-amber-700'
                      : 'text-slate-500',
                )}
                data-testid="activity-dirty"
                aria-live="polite"
              >
                {Object.keys(errors).length > 0
                  ? m.error_invalid_input()
                  : dirty
                    ? m.card_unsaved()
                    : isNew
                      ? ''
                      : m.card_all_saved()}
              </p>
              <div className="flex gap-2">
                {!isNew && (
                  <Button variant="secondary" onClick={() => void remove()} disabled={saving} data-testid="activity-delete">
                    <Trash2 className="size-4" aria-hidden />
                    <span className="max-sm:sr-only">{m.action_delete()}</span>
                  </Button>
                )}
                <Button type="submit" disabled={saving || (!isNew && !dirty)} data-testid="activity-save">
                  {m.action_save()}
                </Button>
              </div>
            </div>
          </SaveBar>
        )}
      </form>

      {activity && <ActivityComments activityID={activity.id} comments={activity.comments} />}
    </div>
  );
}
