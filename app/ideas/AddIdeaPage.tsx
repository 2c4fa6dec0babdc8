import {useNavigate} from '@tanstack/react-router';
import {Send} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {CandidatePicker} from '../activities/CandidatePicker.tsx';
import {CollisionWarning} from '../activities/CollisionWarning.tsx';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Button, Field} from '../ui/controls.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {IDEAS_PATH} from './labels.ts';
import {PairHistory} from './PairHistory.tsx';
import {ideaSendSchema} from './schema.ts';

/**
 * The shidduch-idea form (/add-shidduch-idea, while the site's idea-bank switch is on; issue 17): a man's
 * card and a woman's card the user may see, and a note, sent to the shadchanim responsible for them.
 * While the pair is chosen, the collision warning and "this pair was tried before" inform; they never block.
 */
export function AddIdeaPage() {
  usePageTitle(m.section_add_idea());
  const navigate = useNavigate();
  const [id] = useState(() => nanoid());
  const [male, setMale] = useState('');
  const [female, setFemale] = useState('');
  const [note, setNote] = useState('');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    ideaSendSchema,
    mutators.ideas.send,
    () => void navigate({href: IDEAS_PATH}),
    m.ideas_sent_toast,
    {maleProfileID: m.ideas_required_male, femaleProfileID: m.ideas_required_female, note: m.ideas_required_note},
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id, maleProfileID: male, femaleProfileID: female, note}));
  const side = (gender: 'male' | 'female', value: string, set: (id: string) => void) => {
    const field = `${gender}ProfileID`;
    return (
      <Field
        label={`${gender === 'male' ? m.ideas_male() : m.ideas_female()} *`}
        error={errors[field] ?? (gender === 'male' ? errors.pair : undefined)}
      >
        {p => (
          <CandidatePicker
            side={gender}
            value={value}
            onChange={chosen => (set(chosen), clearError(field), clearError('pair'))}
            fieldProps={p}
            disabled={saving}
          />
        )}
      </Field>
    );
  };

  return (
    <section className="max-w-3xl space-y-5" data-testid="add-idea-page">
      <PageHeader title={m.section_add_idea()} subtitle={m.ideas_form_subtitle()} />
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
        data-testid="idea-form"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {side('male', male, setMale)}
          {side('female', female, setFemale)}
        </div>
        {(male || female) && <CollisionWarning id={id} maleProfileID={male || null} femaleProfileID={female || null} />}
        {male && female && <PairHistory id={id} maleProfileID={male} femaleProfileID={female} />}
        <Field label={`${m.ideas_note()} *`} error={errors.note}>
          {p => (
            <textarea
              {...p}
              name="note"
              rows={4}
              maxLength={2000}
              value={note}
              placeholder={m.ideas_note_placeholder()}
              onChange={e => (setNote(e.target.value), clearError('note'))}
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
              data-testid="idea-note-input"
            />
          )}
        </Field>
        <p className="text-sm text-slate-500">{m.ideas_form_recipients_hint()}</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving} data-testid="idea-send">
            <Send className="size-4 rtl:-scale-x-100" aria-hidden />
            {saving ? m.saving() : m.ideas_send()}
          </Button>
        </div>
      </form>
    </section>
  );
}
