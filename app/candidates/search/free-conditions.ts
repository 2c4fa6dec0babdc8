import {escapeLike} from '@rocicorp/zero';
import {OPTIONS} from '../card/fields.ts';
import {foldName} from '../../lib/hebrew-name.ts';
import {and, cmp, NOTHING, or, prefix, type Compare, type Condition} from './condition-tree.ts';
import {FREE_FIELDS, operatorsFor} from './free-fields.ts';
import type {FreeCondition, FreeGroup} from '../../tables/saved-searches.ts';

/**
 * The free builder's tree (freeFiltering, spec §6) as conditions. A detail's values are rows of
 * profile_facet (migrations/0030: folded text and option ids, 'true'/'false', numbers), matched with
 * exists; the community is the profile's own column. zero-cache cannot run not(exists()), so "is empty"
 * reads the card's filledFields (the names of the free fields it has a value for), and "is not" is
 * "empty, or a value other than this one": the builder offers it only for fields with one value.
 */

const FIELDS = new Map(FREE_FIELDS.map(field => [field.key, field]));

/**
 * Conditions and groups together in one free filter (issue 33): each is a join or a branch of the live
 * query, which zero-cache keeps running for every open list, so the builder's 20 items a group three deep
 * (8,000) are far beyond what anyone builds by hand and what one list should cost.
 */
export const MAX_FREE_ITEMS = 30;

/** The conditions and groups a tree holds, at every depth (the builder's draft has the same shape). */
type Tree = {items: readonly (Tree | object)[]};
export const freeItemCount = (group: Tree): number =>
  group.items.reduce<number>((sum, item) => sum + 1 + ('items' in item ? freeItemCount(item as Tree) : 0), 0);

/** Why a condition of the builder cannot be run (a message key), or undefined when it can. */
export function freeConditionIssue(condition: FreeCondition): string | undefined {
  const field = FIELDS.get(condition.field);
  if (!field) return 'unknownField';
  const kind = field.kind;
  if (!operatorsFor(kind).includes(condition.op)) return 'unknownOperator';
  if (condition.op === 'isEmpty' || condition.op === 'isNotEmpty') return undefined;
  const value = condition.value;
  switch (kind.type) {
    case 'number':
      return typeof value === 'number' ? undefined : 'invalidNumber';
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : 'unknownOption';
    case 'choice':
    case 'choices':
      return typeof value === 'string' && Object.hasOwn(OPTIONS[kind.options], value) ? undefined : 'unknownOption';
    default:
      return typeof value === 'string' && foldName(value) !== '' ? undefined : 'required';
  }
}

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
