import {useQuery} from '@rocicorp/zero/react';
import {useMemo} from 'react';
import {currentLocale} from '../../i18n.ts';
import {labelOf} from '../../lookups.ts';
import {candidateQueries} from '../queries.ts';
import {institutionQueries} from '../../institutions/queries.ts';
import {lookupQueries} from '../../lookups.ts';
import {OPTIONS} from '../card/fields.ts';
import type {FilterOptions} from './chips.ts';

/**
 * The choices of the list filters that come from the database (sectors, statuses, communities,
 * institutions, the shadchanim) and the card's marital statuses, each as {id, label} in the UI
 * language: the panel offers them and the chips name them.
 */
export function useFilterOptions(): FilterOptions {
  const locale = currentLocale();
  const [sectors, sectorsResult] = useQuery(lookupQueries.sectors());
  const [statuses, statusesResult] = useQuery(lookupQueries.statuses());
  const [communities, communitiesResult] = useQuery(lookupQueries.communities());
  const [institutions, institutionsResult] = useQuery(institutionQueries.all());
  const [staff, staffResult] = useQuery(candidateQueries.staff());
  // Until every list has arrived, a chip cannot tell an id still loading from one that is gone.
  const loaded = [sectorsResult, statusesResult, communitiesResult, institutionsResult, staffResult].every(
    r => r.type === 'complete',
  );
  return useMemo(
    () => ({
      loaded,
      sectors: sectors.map(s => ({id: s.id, label: labelOf(s.labels, locale)})),
      statuses: statuses.map(s => ({id: s.id, label: labelOf(s.labels, locale)})),
      communities: communities.map(c => ({id: c.id, label: c.name})),
      institutions: institutions.map(i => ({id: i.id, label: i.name})),
      owners: staff.map(u => ({id: u.id, label: u.name})),
      maritalStatuses: Object.entries(OPTIONS.maritalStatus).map(([id, label]) => ({id, label: label()})),
    }),
    [loaded, sectors, statuses, communities, institutions, staff, locale],
  );
}
