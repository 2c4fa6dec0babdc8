import {can, type AuthContext} from './context.ts';
import type {FilterSet} from '../app/tables/saved-searches.ts';

/**
 * Who may run a filter set (spec §6): the preset filters are everyone's who sees cards; the free
 * builder's tree (`free`) needs freeFiltering. The filter set when allowed, undefined when not: the
 * list then matches nothing (an impossible filter, not a throw) and the REST count answers 403.
 */
export function allowedFilters(filters: FilterSet, ctx: AuthContext | undefined): FilterSet | undefined {
  return filters.free && !can(ctx, 'freeFiltering') ? undefined : filters;
}
