import {CheckCircle2} from 'lucide-react';
import {useState, type FormEvent} from 'react';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {CardDetails} from './CardDetails.tsx';
import {CheckError, CheckLoading} from './CheckStates.tsx';
import {bonusQueryOf, useBonusCheck, type BonusQuery} from './use-bonus-check.ts';

/**
 * Spec §2 bonuses/check-validation: anyone (a shop, a hall) opens the link of a card's QR code, or types
 * the card's code and ID number into the form (issue 31: a printed card in hand). Loading, then a green
 * check with the card's details, or the server's error in red with an exclamation mark. The address
 * follows what was checked, so the answer can be shared and reloaded.
 */
export function CheckValidationPage() {
  usePageTitle(m.bonus_check_title());
  const [query, setQuery] = useState<BonusQuery>(() => bonusQueryOf(location.search));
  const check = useBonusCheck(query);
  function submit(typed: BonusQuery) {
    history.replaceState(history.state, '', `${location.pathname}?${new URLSearchParams(typed)}`);
    setQuery(typed);
  }
  return (
    <AuthFrame title={m.bonus_check_title()}>
      <div className="space-y-6">
        <div data-testid="bonus-check" data-state={check.state} aria-live="polite">
          {check.state === 'loading' && <CheckLoading />}
          {check.state === 'valid' && (
            <div className="space-y-5">
              <p className="flex items-center gap-2 text-lg font-semibold text-emerald-700" data-testid="bonus-valid">
                <CheckCircle2 className="size-8 shrink-0" aria-hidden />
                {m.bonus_check_valid()}
              </p>
              <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
                <CardDetails card={check.card} />
              </div>
            </div>
          )}
          {check.state === 'error' && <CheckError message={check.message} />}
        </div>
        <CheckForm initial={query} busy={check.state === 'loading'} onCheck={submit} />
      </div>
    </AuthFrame>
  );
}

/** The card's code and the ID number, as printed on it; both are needed, and the server says the rest. */
function CheckForm({initial, busy, onCheck}: {initial: BonusQuery; busy: boolean; onCheck: (query: BonusQuery) => void}) {
  const [typed, setTyped] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof BonusQuery, string>>>({});
  const set = (key: keyof BonusQuery, value: string) => {
    setTyped(t => ({...t, [key]: value}));
    setErrors(({[key]: _, ...rest}) => rest);
  };
  // Both are typed left to right, whatever the page's direction.
  const input = (key: keyof BonusQuery, label: string, props: {maxLength: number; inputMode?: 'numeric'}) => (
    <Field label={label} error={errors[key]}>
      {field => (
        <TextInput
          {...field}
          {...props}
          name={key}
          dir="ltr"
          autoComplete="off"
          className="text-start rtl:text-end"
          value={typed[key]}
          onChange={e => set(key, e.target.value)}
        />
      )}
    </Field>
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const query = {bonusCode: typed.bonusCode.trim(), tz: typed.tz.replace(/\D/g, '')};
    const missing = {
      ...(query.bonusCode === '' ? {bonusCode: m.required_code()} : {}),
      ...(query.tz === '' ? {tz: m.required_id_number()} : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length === 0) onCheck(query);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-t border-slate-200 pt-5" data-testid="bonus-check-form">
      <p className="text-sm text-slate-600">{m.bonus_check_form_hint()}</p>
      {input('bonusCode', m.bonus_field_code(), {maxLength: 64})}
      {input('tz', m.bonus_field_id_number(), {maxLength: 32, inputMode: 'numeric'})}
      <Button type="submit" className="w-full py-2.5" disabled={busy} data-testid="bonus-check-submit">
        {m.bonus_check_submit()}
      </Button>
    </form>
  );
}
