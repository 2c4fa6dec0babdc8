import {useZero} from '@rocicorp/zero/react';
import {toast} from 'sonner';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {Toggle} from '../ui/Toggle.tsx';
import type {SiteKey} from './schema.ts';
import {useSite} from './use-site.ts';
import * as m from '../paraglide/messages.js';

/** The administrator's site-wide switches in the settings panel; every open screen follows at once. */
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
    </section>
  );
}
