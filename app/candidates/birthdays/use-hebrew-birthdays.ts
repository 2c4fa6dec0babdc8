import {useQuery} from '@rocicorp/zero/react';
import {useMemo} from 'react';
import {civilToday, hebrewBirthdaysWithin} from '../../lib/hebrew-birthdays.ts';
import {candidateQueries} from '../queries.ts';

/** How many days ahead the bell and the dashboard look, today included (issue 37). */
export const BIRTHDAY_DAYS = 7;

/** The Hebrew birthdays of the user's own open cards in the coming week, soonest first, live. */
export function useHebrewBirthdays() {
  const [cards, details] = useQuery(candidateQueries.birthdays());
  const today = civilToday();
  const birthdays = useMemo(() => hebrewBirthdaysWithin(cards, today, BIRTHDAY_DAYS), [cards, today]);
  return {birthdays, today, complete: details.type === 'complete'};
}
