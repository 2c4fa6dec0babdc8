import {useQuery} from '@rocicorp/zero/react';
import {useEffect, useState} from 'react';
import {candidateQueries} from '../queries.ts';
import type {FilterSet} from '../../tables/saved-searches.ts';

/**
 * How many cards this user may see match a filter set: counted by the server in SQL (POST
 * /api/candidates/count, with the same visibility rule as the list), asked again whenever the newest
 * change among the visible cards moves (candidates.pulse), so the number stays live without Zero
 * having to count. Undefined while the first answer is on its way, or when the server refuses.
 */
export function useCandidateCount(filters: FilterSet): number | undefined {
  const [pulse] = useQuery(candidateQueries.pulse());
  const [count, setCount] = useState<number>();
  const key = JSON.stringify(filters);
  const beat = pulse ? `${pulse.id}:${pulse.updatedAt}` : '';
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/candidates/count', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({filters: JSON.parse(key)}),
      signal: controller.signal,
    })
      .then(response => (response.ok ? (response.json() as Promise<{count: number}>) : undefined))
      .then(body => setCount(body?.count))
      .catch(() => {}); // aborted by a newer ask, or offline: the number stays as it was
    return () => controller.abort();
  }, [key, beat]);
  return count;
}
