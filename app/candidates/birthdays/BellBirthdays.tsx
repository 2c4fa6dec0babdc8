import type {ReactElement} from 'react';
import {HebrewBirthdays} from './HebrewBirthdays.tsx';
import {useHebrewBirthdays} from './use-hebrew-birthdays.ts';
import * as m from '../../paraglide/messages.js';

/**
 * The bell's part of the week's Hebrew birthdays of the user's cards (issue 37), when there are any. Mounted
 * only while the bell is open (Radix unmounts a closed popover's content), so a tab holds their query only
 * then, or on the dashboard.
 */
export function BellBirthdays({wrapLink}: {wrapLink: (link: ReactElement) => ReactElement}) {
  const {birthdays, today} = useHebrewBirthdays();
  if (birthdays.length === 0) return null;
  return (
    <section className="mt-1 border-t border-slate-100 pt-2" data-testid="bell-birthdays">
      <h2 className="px-3 pb-1 text-sm font-semibold text-slate-900">{m.birthdays_title()}</h2>
      <HebrewBirthdays birthdays={birthdays} today={today} wrapLink={wrapLink} />
    </section>
  );
}
