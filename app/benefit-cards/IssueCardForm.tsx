import {Gift} from 'lucide-react';
import {useState, type FormEvent} from 'react';
import {CandidatePicker} from '../activities/CandidatePicker.tsx';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Button, Field, Select} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {benefitCardIssueSchema} from './schema.ts';

/**
 * The office's manual issue: a candidate's card (searched like an activity's side), then the server
 * applies the eligibility rules and draws the code; a refusal names the rule beside the field.
 */
export function IssueCardForm() {
  const [side, setSide] = useState<'male' | 'female'>('female');
  const [profileID, setProfileID] = useState('');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    benefitCardIssueSchema,
    mutators.benefitCards.issue,
    () => setProfileID(''),
    m.benefit_cards_issued,
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    void save({profileID});
  }
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="benefit-card-issue"
    >
      <h2 className="font-semibold text-slate-900">{m.benefit_cards_issue_title()}</h2>
      <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr_auto]">
        <Field label={m.benefit_cards_issue_gender()}>
          {p => (
            <Select
              {...p}
              value={side}
              onChange={e => (setSide(e.target.value as 'male' | 'female'), setProfileID(''), clearError('profileID'))}
            >
              <option value="female">{m.gender_female()}</option>
              <option value="male">{m.gender_male()}</option>
            </Select>
          )}
        </Field>
        <Field label={`${m.benefit_cards_issue_candidate()} *`} error={errors.profileID}>
          {p => (
            <CandidatePicker
              side={side}
              value={profileID}
              onChange={id => (setProfileID(id), clearError('profileID'))}
              fieldProps={p}
              disabled={saving}
              engaged
            />
          )}
        </Field>
        <Button type="submit" disabled={saving} className="sm:mt-7" data-testid="benefit-card-issue-submit">
          <Gift className="size-4" aria-hidden />
          {m.benefit_cards_issue()}
        </Button>
      </div>
    </form>
  );
}
