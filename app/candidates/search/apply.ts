import type {Condition as ZqlCondition, ExpressionBuilder, Query} from '@rocicorp/zero';
import type {Schema} from '../../../zero-schema.ts';
import type {AuthContext} from '../../../permissions/context.ts';
import {INSIDE_OR} from '../../../permissions/exists.ts';
import {allowedFilters} from '../../../permissions/search.ts';
import type {Compare, Condition} from './condition-tree.ts';
import {filterConditions} from './conditions.ts';
import type {FilterSet} from '../../tables/saved-searches.ts';

type ProfileQuery<R> = Query<'profile', Schema, R>;
type Builder = ExpressionBuilder<'profile', Schema>;

/** ZQL's cmp is typed per column; the tree's columns are the schema's own (conditions.ts). */
type LooseCmp = (column: string, op: string, value: unknown) => ZqlCondition;
type LooseWhere = {where: (column: string, op: string, value: unknown) => LooseWhere};

const narrowed = <Q>(q: Q, where: readonly Compare[]): Q =>
  where.reduce<LooseWhere>((sub, c) => sub.where(c.column, c.op, c.value), q as unknown as LooseWhere) as unknown as Q;

/** The tree as ZQL; every exists inside an or() is pinned unflipped (permissions/exists.ts). */
function render(b: Builder, c: Condition, insideOr: boolean): ZqlCondition {
  switch (c.type) {
    case 'cmp':
      return (b.cmp as unknown as LooseCmp)(c.column, c.op, c.value);
    case 'exists':
      return b.exists(c.relation, sub => narrowed(sub, c.where), insideOr ? INSIDE_OR : undefined);
    case 'and':
      return b.and(...c.conditions.map(x => render(b, x, insideOr)));
    case 'or':
      return b.or(...c.conditions.map(x => render(b, x, true)));
  }
}

/**
 * Narrows a profile query to the cards a filter set describes (issue 14). The same set is counted in
 * SQL by the REST count (server/candidates/count-sql.ts) from the same conditions; free filtering is
 * an impossible filter without freeFiltering (permissions/search.ts). Relative filters read `now`.
 */
export function applyFilters<R>(
  q: ProfileQuery<R>,
  filters: FilterSet,
  ctx: AuthContext | undefined,
  now = new Date(),
): ProfileQuery<R> {
  const allowed = allowedFilters(filters, ctx);
  if (!allowed) return q.where('id', 'IS', null);
  return filterConditions(allowed, now).reduce((query, condition) => query.where(b => render(b, condition, false)), q);
}
