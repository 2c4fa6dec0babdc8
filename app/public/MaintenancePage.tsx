import {Settings} from 'lucide-react';
import {useEffect} from 'react';
import {fetchSession, heldByMaintenance, releasedByMaintenance} from '../session.ts';
import {usePageTitle} from '../ui/page-title.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import * as m from '../paraglide/messages.js';

/** How often a visitor held here by the maintenance switch asks whether the site is back. */
const RECHECK_MS = 5_000;

/**
 * Spec §2 "maintenance": a spinning gear, under construction, back soon. A visitor sent here by the
 * site-wide switch is taken back into the site (a full load, for a fresh session) once it is off.
 */
export function MaintenancePage() {
  usePageTitle(m.maintenance_title());
  useEffect(() => {
    // Sent here by the switch (its first answer may already say it is off), or held once an answer says it is on.
    let heldBySwitch = heldByMaintenance();
    const check = async () => {
      const session = await fetchSession().catch(() => undefined);
      if (session?.maintenance) heldBySwitch = true;
      else if (session && heldBySwitch) {
        releasedByMaintenance();
        location.assign('/home');
      }
    };
    void check();
    const timer = setInterval(() => void check(), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <AuthFrame>
      <div className="py-6 text-center" data-testid="maintenance">
        <Settings
          className="mx-auto size-16 animate-spin text-brand-600 [animation-duration:4s] motion-reduce:animate-none"
          aria-hidden
        />
        <h1 className="mt-6 text-2xl font-semibold text-slate-900">{m.maintenance_title()}</h1>
        <p className="mt-2 text-slate-500">{m.maintenance_text()}</p>
      </div>
    </AuthFrame>
  );
}
