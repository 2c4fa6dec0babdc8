import {useState, type FormEvent} from 'react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {goalSchema, MAX_GOAL, typedNumber} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** One shadchan's goals for one month: how many suggestions and how many dates. */
export function GoalDialog({
  shadchan,
  month,
  monthName,
  current,
  onClose,
}: {
  shadchan: {id: string; name: string};
  month: string;
  monthName: string;
  current: {suggestions: number; dates: number} | undefined;
  onClose: () => void;
}) {
  const [suggestions, setSuggestions] = useState(String(current?.suggestions ?? ''));
  const [dates, setDates] = useState(String(current?.dates ?? ''));
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    goalSchema,
    mutators.scores.setGoal,
    onClose,
    m.saved_successfully,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void save({userID: shadchan.id, month, suggestions: typedNumber(suggestions), dates: typedNumber(dates)});
  }

  const number = (name: 'suggestions' | 'dates', value: string, set: (typed: string) => void) => (
    <Field label={name === 'suggestions' ? m.goals_suggestions() : m.goals_dates()} error={errors[name]}>
      {p => (
        <TextInput
          {...p}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_GOAL}
          value={value}
          onChange={e => (set(e.target.value), clearError(name))}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={m.goals_set_title({name: shadchan.name})}
      description={monthName}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="goal-form">
        {number('suggestions', suggestions, setSuggestions)}
        {number('dates', dates, setDates)}
        <DialogActions saving={saving} onCancel={onClose} testid="save-goal" />
      </form>
    </Dialog>
  );
}
