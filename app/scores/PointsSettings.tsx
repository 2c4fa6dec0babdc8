import {useQuery} from '@rocicorp/zero/react';
import {useEffect, useState, type FormEvent} from 'react';
import {Coins} from 'lucide-react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {scoreQueries} from './queries.ts';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {TYPE_LABEL} from '../activities/labels.ts';
import type {ScoreKind} from '../tables/scores.ts';
import {MAX_POINTS, pointsSchema, SCORE_KINDS, typedNumber} from './schema.ts';
import * as m from '../paraglide/messages.js';

const KIND_LABEL: Record<ScoreKind, () => string> = {...TYPE_LABEL, couple: m.points_couple};

type Typed = Record<ScoreKind, string>;

/**
 * The points per activity type and per engaged couple (the administrator's): every shadchan's scores,
 * past months too, are counted again from them on save.
 */
export function PointsSettings() {
  const [rows, details] = useQuery(scoreQueries.points());
  const [typed, setTyped] = useState<Typed | undefined>();
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    pointsSchema,
    mutators.scores.setPoints,
    () => {},
    m.saved_successfully,
  );

  // The form starts from the saved points once they are here.
  useEffect(() => {
    if (typed || details.type !== 'complete') return;
    setTyped(Object.fromEntries(SCORE_KINDS.map(kind => [kind, String(rows.find(r => r.kind === kind)?.points ?? 0)])) as Typed);
  }, [rows, details.type, typed]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (typed) void save(Object.fromEntries(SCORE_KINDS.map(kind => [kind, typedNumber(typed[kind])])));
  }

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="points-settings">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Coins className="size-4" aria-hidden />
        {m.points_title()}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-500">{m.points_hint()}</p>
      {typed && (
        <form ref={formRef} onSubmit={submit} noValidate data-testid="points-form">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {SCORE_KINDS.map(kind => (
              <Field key={kind} label={KIND_LABEL[kind]()} error={errors[kind]}>
                {p => (
                  <TextInput
                    {...p}
                    name={kind}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_POINTS}
                    value={typed[kind]}
                    onChange={e => (setTyped({...typed, [kind]: e.target.value}), clearError(kind))}
                  />
                )}
              </Field>
            ))}
          </div>
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={saving} data-testid="save-points">
              {saving ? m.saving() : m.action_save()}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
