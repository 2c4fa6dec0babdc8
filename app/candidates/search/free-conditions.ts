import {escapeLike} from '@rocicorp/zero';
import {foldName} from '../../lib/hebrew-name.ts';
import {FIELDS, freeConditionIssue} from './free-checks.ts';
import {and, cmp, NOTHING, or, prefix, type Compare, type Condition} from './condition-tree.ts';
import type {FreeCondition, FreeGroup} from '../../tables/saved-searches.ts';

export {MAX_FREE_ITEMS, freeConditionIssue, freeItemCount} from './free-checks.ts';

/**
 * The free builder's tree (freeFiltering, spec §6) as conditions. A detail's values are rows of
 * profile_facet (migrations/0030: folded text and option ids, 'true'/'false', numbers), matched with
 * exists; the community is the profile's own column. zero-cache cannot run not(exists()), so "is empty"
 * reads the card's filledFields (the names of the free fields it has a value for), and "is not" is
 * "empty, or a value other than this one": the builder offers it only for fields with one value.
 */

const facet = (field: string, ...where: Compare[]): Condition => ({
  type: 'exists',
  relation: 'facets',
  where: [cmp('field', '=', field), ...where],
});

function compileCondition(c: FreeCondition): Condition {
  if (freeConditionIssue(c) !== undefined) return NOTHING;
  const kind = FIELDS.get(c.field)!.kind.type;
  if (kind === 'community') {
    const value = String(c.value);
    switch (c.op) {
      case 'eq':
        return cmp('communityID', '=', value);
      case 'ne':
        return or(cmp('communityID', 'IS', null), cmp('communityID', '!=', value));
      case 'isEmpty':
        return cmp('communityID', 'IS', null);
      default:
        return cmp('communityID', 'IS NOT', null);
    }
  }
  // Numbers compare as numbers; everything else as the trigger stored it.
  const column = kind === 'number' ? 'number' : 'value';
  const value = typeof c.value === 'string' ? foldName(c.value) : kind === 'number' ? c.value! : String(c.value);
  const empty = cmp('filledFields', 'NOT LIKE', `% ${escapeLike(c.field)} %`);
  switch (c.op) {
    case 'eq':
      return facet(c.field, cmp(column, '=', value));
    case 'ne':
      return or(empty, facet(c.field, cmp(column, '!=', value)));
    case 'lt':
      return facet(c.field, cmp(column, '<', value));
    case 'lte':
      return facet(c.field, cmp(column, '<=', value));
    case 'gt':
      return facet(c.field, cmp(column, '>', value));
    case 'gte':
      return facet(c.field, cmp(column, '>=', value));
    case 'startsWith':
      return facet(c.field, ...prefix('value', String(value)));
    case 'contains':
      return facet(c.field, cmp('value', 'LIKE', `%${escapeLike(String(value))}%`));
    case 'isEmpty':
      return empty;
    case 'isNotEmpty':
      return facet(c.field);
  }
}

/** The group's items joined by its AND or OR; an empty group restricts nothing (undefined). */
export function freeConditions(group: FreeGroup): Condition | undefined {
  const items = group.items.flatMap(item => {
    const compiled = 'items' in item ? freeConditions(item) : compileCondition(item);
    return compiled ? [compiled] : [];
  });
  if (!items.length) return undefined;
  return group.join === 'and' ? and(...items) : or(...items);
}
