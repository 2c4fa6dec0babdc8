import type {ReactElement} from 'react';
import {Link} from '@tanstack/react-router';
import {Cake} from 'lucide-react';
import {clsx} from 'clsx';
import {currentLocale} from '../../i18n.ts';
import {formatDate, msToIsoDate} from '../../lib/dates.ts';
import {hebrewDateOf} from '../../lib/hebrew-date.ts';
import type {HebrewBirthday} from '../../lib/hebrew-birthdays.ts';
import * as m from '../../paraglide/messages.js';

type Card = {id: string; forename: string; surname: string; gender: 'male' | 'female'};

/**
 * The Hebrew birthdays of the coming week (issue 37), in the bell and on the dashboard: each names the card
 * (a link to it), the age it brings, the Hebrew date and the day it falls on. The note says the Hebrew date
 * comes from the civil date of birth, since the hour of birth is not on file.
 */
export function HebrewBirthdays({
  birthdays,
  today,
  wrapLink = link => link,
}: {
  birthdays: ReadonlyArray<HebrewBirthday<Card>>;
  today: number;
  /** The bell closes its popover through each link (Radix's Popover.Close). */
  wrapLink?: (link: ReactElement) => ReactElement;
}) {
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="birthdays">
        {birthdays.map(({card, on, age}) => (
          <li key={card.id}>
            {wrapLink(
              <Link
                to="/home/tickets/$id"
                params={{id: card.id}}
                className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50"
                data-testid="birthday"
              >
                <Cake className={clsx('size-4 shrink-0', on === today ? 'text-amber-600' : 'text-slate-400')} aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    <bdi>{`${card.forename} ${card.surname}`}</bdi>
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    <bdi dir="rtl">{hebrewDateOf(msToIsoDate(on))}</bdi>
                    {' · '}
                    {card.gender === 'male' ? m.birthdays_age_male({age}) : m.birthdays_age_female({age})}
                  </span>
                </span>
                <span
                  className={clsx(
                    'shrink-0 text-xs tabular-nums',
                    on === today ? 'font-semibold text-amber-700' : 'text-slate-600',
                  )}
                  data-testid="birthday-on"
                >
                  {on === today ? m.birthdays_today() : <WeekdayAndDate on={on} />}
                </span>
              </Link>,
            )}
          </li>
        ))}
      </ul>
      <p className="px-2 pt-2 text-xs text-slate-500">{m.birthdays_note()}</p>
    </>
  );
}

function WeekdayAndDate({on}: {on: number}) {
  const weekday = new Date(on).toLocaleDateString(currentLocale(), {weekday: 'short', timeZone: 'UTC'});
  return (
    <>
      {weekday} <span dir="ltr">{formatDate(on)}</span>
    </>
  );
}
