import {ChevronLeft, ChevronRight} from 'lucide-react';
import {useEffect, useMemo, useRef, useState, type KeyboardEvent} from 'react';
import {clsx} from 'clsx';
import {isoDateToMs, msToIsoDate} from '../lib/dates.ts';
import {getTextDirection} from '../paraglide/runtime.js';
import type {Locale} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

const DAY_MS = 86_400_000;
/** The week starts on Sunday in Israel (he) and for English readers, on Monday in Germany and Russia. */
const FIRST_WEEKDAY: Record<Locale, 0 | 1> = {he: 0, en: 0, de: 1, ru: 1};
const FIRST_YEAR = 1900;

const addDays = (iso: string, days: number) => msToIsoDate(isoDateToMs(iso)! + days * DAY_MS);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const isoOf = (year: number, month: number, day: number) => msToIsoDate(Date.UTC(year, month, day));

/** The same day of the month `months` away, or that month's last day when it is shorter. */
function addMonths(iso: string, months: number) {
  const at = new Date(isoDateToMs(iso)!);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + months;
  return isoOf(year, month, Math.min(at.getUTCDate(), daysIn(year, month)));
}

function todayIso() {
  const now = new Date();
  return isoOf(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * A month grid to pick a day from, with month and weekday names from Intl in the app's language. Keyboard
 * as in the WAI-ARIA date picker: arrows move by day and week (mirrored in RTL), Home/End to the week's
 * ends, PageUp/PageDown by month (with Shift by year), Enter or Space picks.
 */
export function MonthCalendar({value, locale, onPick}: {value: string; locale: Locale; onPick: (iso: string) => void}) {
  const selected = isoDateToMs(value) === undefined ? undefined : value;
  const today = todayIso();
  const [focused, setFocused] = useState(selected ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(true); // focus the day on opening, and after each keyboard move

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus({preventScroll: true});
  }, [focused]);

  const names = useMemo(() => {
    const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, {timeZone: 'UTC', ...options});
    const month = format({month: 'long'});
    // 2023-01-01 was a Sunday.
    const weekday = (d: number) => Date.UTC(2023, 0, 1 + ((d + FIRST_WEEKDAY[locale]) % 7));
    return {
      months: Array.from({length: 12}, (_, i) => month.format(Date.UTC(2000, i, 1))),
      weekdays: Array.from({length: 7}, (_, d) => ({
        short: format({weekday: 'narrow'}).format(weekday(d)),
        long: format({weekday: 'long'}).format(weekday(d)),
      })),
      day: format({dateStyle: 'full'}),
      monthYear: format({month: 'long', year: 'numeric'}),
    };
  }, [locale]);

  const shown = new Date(isoDateToMs(focused)!);
  const year = shown.getUTCFullYear();
  const month = shown.getUTCMonth();
  const lead = (new Date(Date.UTC(year, month, 1)).getUTCDay() - FIRST_WEEKDAY[locale] + 7) % 7;
  const cells: Array<string | undefined> = [
    ...Array.from({length: lead}, () => undefined),
    ...Array.from({length: daysIn(year, month)}, (_, i) => isoOf(year, month, i + 1)),
  ];
  const weeks = Array.from({length: Math.ceil(cells.length / 7)}, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const lastYear = Math.max(new Date().getFullYear() + 10, year);
  const years = Array.from({length: lastYear - Math.min(FIRST_YEAR, year) + 1}, (_, i) => Math.min(FIRST_YEAR, year) + i);

  const jumpTo = (iso: string) => {
    moved.current = true;
    setFocused(iso);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const forward = getTextDirection(locale) === 'rtl' ? -1 : 1;
    const weekday = (new Date(isoDateToMs(focused)!).getUTCDay() - FIRST_WEEKDAY[locale] + 7) % 7;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(focused, forward),
      ArrowLeft: () => addDays(focused, -forward),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageDown: () => addMonths(focused, e.shiftKey ? 12 : 1),
      PageUp: () => addMonths(focused, e.shiftKey ? -12 : -1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    jumpTo(move());
  };

  const selectClass =
    'rounded-md border-0 bg-white py-1 ps-2 pe-7 text-sm font-medium text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none';
  const arrowClass = 'rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900';
  return (
    <div className="w-72 space-y-2" data-testid="calendar">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={arrowClass}
          aria-label={m.date_previous_month()}
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        </button>
        <select
          aria-label={m.date_month()}
          className={clsx(selectClass, 'flex-1')}
          value={month}
          onChange={e => setFocused(addMonths(focused, Number(e.target.value) - month))}
          data-testid="calendar-month"
        >
          {names.months.map((name, i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label={m.date_year()}
          className={selectClass}
          value={year}
          onChange={e => setFocused(addMonths(focused, (Number(e.target.value) - year) * 12))}
          data-testid="calendar-year"
        >
          {years.map(y => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={arrowClass}
          aria-label={m.date_next_month()}
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </button>
      </div>
      <table
        ref={grid}
        className="w-full table-fixed text-center text-sm"
        aria-label={names.monthYear.format(isoDateToMs(focused)!)}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {names.weekdays.map(d => (
              <th key={d.long} scope="col" abbr={d.long} className="pb-1 text-xs font-medium text-slate-500">
                {d.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map(week => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day ? (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={names.day.format(isoDateToMs(day)!)}
                      aria-pressed={day === selected}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      className={clsx(
                        'size-8 rounded-full tabular-nums',
                        day === selected ? 'bg-brand-700 font-semibold text-white' : 'text-slate-800 hover:bg-brand-50',
                        day === today && day !== selected && 'font-semibold text-brand-700 ring-1 ring-brand-200',
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
