import {formatLocalDate, formatLocalDateTime} from '../lib/dates.ts';
import {hebrewDateOfLocalDay} from '../lib/hebrew-date.ts';
import {useLayoutSetting} from './use-layout.ts';

/**
 * A moment's date (and time) on the user's own calendar, DD-MM-YYYY, with its Hebrew date beside it when
 * the user asked for Hebrew dates in the settings panel (issue 37): the dates of activities and history.
 */
export function LocalDate({ms, withTime = false}: {ms: number; withTime?: boolean}) {
  const hebrew = useLayoutSetting('hebrewDates');
  const civil = withTime ? formatLocalDateTime(ms) : formatLocalDate(ms);
  if (!hebrew) return <>{civil}</>;
  return (
    <>
      <span className="whitespace-nowrap">{civil}</span>
      <span className="ms-1.5 whitespace-nowrap text-slate-500" data-testid="hebrew-date">
        · <bdi dir="rtl">{hebrewDateOfLocalDay(ms)}</bdi>
      </span>
    </>
  );
}
