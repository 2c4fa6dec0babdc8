import {useQuery} from '@rocicorp/zero/react';
import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {candidateQueries} from '../candidates/queries.ts';
import {reportQueries} from './queries.ts';
import {queryString} from './filters.ts';
import type {ReportFilters} from '../tables/exports.ts';

/**
 * A report from /api/reports/{name} for these filters: undefined while it loads (again on each change
 * of filters), then the data or an error in the UI language. It is asked again, keeping the figures
 * on screen meanwhile, whenever the newest change among the cards, activities or couples this user
 * sees moves (the pulses), so an open report is live.
 */
export function useReport<T>(name: string, filters: ReportFilters): {data?: T; error?: string} {
  const key = queryString(filters);
  const beat = useReportBeat();
  const [state, setState] = useState<{key: string; data?: T; error?: string}>({key: ''});
  useEffect(() => {
    let current = true;
    void call<T>(`/api/reports/${name}?${key}`, undefined, 'GET').then(result => {
      if (!current) return;
      setState(result.ok ? {key, data: result.data} : {key, error: loginErrorText(result.error, result.message)});
    });
    return () => {
      current = false;
    };
  }, [name, key, beat]);
  return state.key === key ? state : {};
}

/** One string that changes with any visible card's, activity's or couple's newest change. */
function useReportBeat(): string {
  const [card] = useQuery(candidateQueries.pulse());
  const [activity] = useQuery(reportQueries.activitiesPulse());
  const [couple] = useQuery(reportQueries.couplesPulse());
  return [card, activity, couple].map(row => (row ? `${row.id}:${row.updatedAt}` : '')).join('|');
}
