import {useZero} from '@rocicorp/zero/react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {LANGUAGES} from '../i18n.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {Field, Select} from '../ui/controls.tsx';
import {Toggle} from '../ui/Toggle.tsx';
import type {Locale} from '../../zero-schema.ts';
import type {SiteKey} from './schema.ts';
import {useSite} from './use-site.ts';
import * as m from '../paraglide/messages.js';

/**
 * The administrator's site settings in the settings panel: the switches (every open screen follows at
 * once) and the default language.
 */
export function SiteSwitches() {
  const zero = useZero();
  const site = useSite();
  const switches: Array<{key: SiteKey; label: string; hint: string}> = [
    {key: 'maintenance', label: m.site_maintenance(), hint: m.site_maintenance_hint()},
    {key: 'ideaBank', label: m.site_idea_bank(), hint: m.site_idea_bank_hint()},
    {key: 'forum', label: m.site_forum(), hint: m.site_forum_hint()},
  ];
  async function flip(key: SiteKey, on: boolean) {
    const outcome = await confirmed(zero.mutate(mutators.site.update({[key]: on})));
    if (!outcome.ok) toast.error(outcome.message);
  }
  return (
    <section className="mt-6 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="site-switches">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.site_title()}</h3>
      {switches.map(s => (
        <div key={s.key}>
          <Toggle label={s.label} checked={site[s.key]} onChange={on => void flip(s.key, on)} testid={`site-${s.key}`} />
          <p className="-mt-1 mb-1 text-xs text-slate-500">{s.hint}</p>
        </div>
      ))}
      <DefaultLanguage current={site.defaultLanguage} />
    </section>
  );
}

/** Spec §9: the language of browsers whose user never picked one, from their next page load (app/i18n.ts). */
function DefaultLanguage({current}: {current: Locale}) {
  const zero = useZero();
  const [error, setError] = useState<string>();
  async function choose(defaultLanguage: Locale) {
    setError(undefined);
    const outcome = await confirmed(zero.mutate(mutators.site.update({defaultLanguage})));
    if (!outcome.ok) setError(outcome.message);
  }
  return (
    <div className="mt-2">
      <Field label={m.site_default_language()} error={error}>
        {props => (
          <Select
            {...props}
            value={current}
            onChange={e => void choose(e.target.value as Locale)}
            data-testid="site-defaultLanguage"
          >
            {LANGUAGES.map(l => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.text}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <p className="mt-1 text-xs text-slate-500">{m.site_default_language_hint()}</p>
    </div>
  );
}
