import {escapeLike, type Query} from '@rocicorp/zero';
import type {Schema} from '../../../zero-schema.ts';
import type {AuthContext} from '../../../permissions/context.ts';
import {nameSearchPatterns} from '../name-search.ts';
import type {FilterSet} from './filters.ts';

type ProfileQuery<R> = Query<'profile', Schema, R>;

/**
 * Narrows a profile query to the cards a filter set describes (issue 14). The same set is counted in
 * SQL on the server (the REST count), and both must agree card for card.
 */
export function applyFilters<R>(q: ProfileQuery<R>, filters: FilterSet, _ctx: AuthContext | undefined): ProfileQuery<R> {
  if (!filters.search) return q;
  const city = `${escapeLike(filters.search)}%`;
  const patterns = nameSearchPatterns(filters.search);
  return q.where(({or, and, cmp}) =>
    or(
      cmp('city', 'ILIKE', city),
      ...(patterns.length ? [and(...patterns.map(pattern => cmp('nameSearch', 'LIKE', pattern)))] : []),
    ),
  );
}
