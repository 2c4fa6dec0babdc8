import {OPTIONS} from '../card/fields.ts';
import {foldName} from '../../lib/hebrew-name.ts';
import {FREE_FIELDS, operatorsFor} from './free-fields.ts';
import type {FreeCondition} from '../../tables/saved-searches.ts';

/*
 * What a free filter may hold, apart from how it runs (free-conditions.ts, which stands on Zero): the /home
 * route checks a search in the address with these, on the router's code every page loads (issue 35).
 */

export const FIELDS = new Map(FREE_FIELDS.map(field => [field.key, field]));

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
