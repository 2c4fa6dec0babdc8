import * as v from 'valibot';
import {foldName} from '../../lib/hebrew-name.ts';
import type {CardField} from '../card/fields.ts';
import {freeGroupSchema} from './filters.ts';
import {MAX_FREE_ITEMS, freeItemCount} from './free-conditions.ts';
import {FREE_FIELDS, operatorsFor} from './free-fields.ts';
import * as m from '../../paraglide/messages.js';
import type {FreeCondition, FreeGroup} from '../../tables/saved-searches.ts';

/**
 * The free filter builder's working copy: values as the user typed or chose them (text), each item
 * with a key of its own for React. `freeOf` turns it into the filter set's FreeGroup, or says what to
 * fix beside each field.
 */
export type DraftCondition = {key: string; field: string; op: FreeCondition['op']; value: string};
export type DraftGroup = {key: string; join: 'and' | 'or'; items: DraftItem[]};
export type DraftItem = DraftCondition | DraftGroup;

/** Groups nest at most three deep and hold at most 20 items (the filter set's schema). */
export const MAX_DEPTH = 3;
export const MAX_ITEMS = 20;

let lastKey = 0;
const newKey = () => `d${++lastKey}`;
export const isGroup = (item: DraftItem | FreeCondition | FreeGroup) => 'items' in item;

export const fieldOf = (key: string): CardField | undefined => FREE_FIELDS.find(f => f.key === key);
export const needsValue = (op: FreeCondition['op']) => op !== 'isEmpty' && op !== 'isNotEmpty';

export function newCondition(): DraftCondition {
  const field = FREE_FIELDS[0]!;
  return {key: newKey(), field: field.key, op: operatorsFor(field.kind)[0]!, value: ''};
}
export const newGroup = (items: DraftItem[] = [newCondition()]): DraftGroup => ({key: newKey(), join: 'and', items});

/** The draft of a filter set's free filter (a new one: one empty condition). */
export function draftOf(group: FreeGroup | undefined): DraftGroup {
  if (!group) return newGroup();
  const item = (i: FreeCondition | FreeGroup): DraftItem =>
    'items' in i
      ? {key: newKey(), join: i.join, items: i.items.map(item)}
      : {
          key: newKey(),
          field: i.field,
          op: i.op,
          value: i.value === undefined ? '' : typeof i.value === 'boolean' ? (i.value ? 'yes' : 'no') : String(i.value),
        };
  return {key: newKey(), join: group.join, items: group.items.map(item)};
}

/** The condition with another field: its operator stays if the new field's kind allows it, the value goes. */
export function withField(c: DraftCondition, key: string): DraftCondition {
  const field = fieldOf(key);
  if (!field) return c;
  const ops = operatorsFor(field.kind);
  return {...c, field: key, op: ops.includes(c.op) ? c.op : ops[0]!, value: ''};
}

/** A typed value as the condition's field holds it, or the translated reason it cannot be. */
function valueOf(c: DraftCondition): {value?: FreeCondition['value']; error?: string} {
  const field = fieldOf(c.field);
  if (!field) return {error: m.free_error_value()};
  if (!needsValue(c.op)) return {};
  const typed = c.value.trim();
  if (typed === '') return {error: m.free_error_value()};
  const kind = field.kind;
  switch (kind.type) {
    case 'number': {
      const n = /^\d+$/.test(typed) ? Number(typed) : NaN;
      return n >= kind.min && n <= kind.max ? {value: n} : {error: m.search_error_number({min: kind.min, max: kind.max})};
    }
    case 'yesNo':
      return typed === 'yes' || typed === 'no' ? {value: typed === 'yes'} : {error: m.free_error_value()};
    default: {
      // Text compares folded (niqqud, quotes and final letters aside): one of only those is no value.
      const max = kind.type === 'text' ? kind.max : 120;
      if (foldName(typed) === '') return {error: m.free_error_value()};
      return typed.length <= max ? {value: typed} : {error: m.free_error_text({max})};
    }
  }
}

/**
 * The FreeGroup a draft stands for, checked against the filter set's own schema; or the errors by the
 * key of the item they belong to (a condition's value, an empty group).
 */
export function freeOf(draft: DraftGroup): {free: FreeGroup} | {errors: Map<string, string>} {
  const errors = new Map<string, string>();
  const group = (g: DraftGroup): FreeGroup => {
    if (g.items.length === 0) errors.set(g.key, m.free_error_empty());
    return {
      join: g.join,
      items: g.items.map(item => {
        if ('items' in item) return group(item);
        const {value, error} = valueOf(item);
        if (error) errors.set(item.key, error);
        return {field: item.field, op: item.op, ...(value !== undefined ? {value} : {})};
      }),
    };
  };
  const free = group(draft);
  if (errors.size) return {errors};
  if (freeItemCount(free) > MAX_FREE_ITEMS) return {errors: new Map([[draft.key, m.free_error_too_many({max: MAX_FREE_ITEMS})]])};
  return v.safeParse(freeGroupSchema, free).success ? {free} : {errors: new Map([[draft.key, m.free_error_value()]])};
}

/** The draft with one item (by key) replaced, or removed when `next` is undefined. */
export function replaceItem(group: DraftGroup, key: string, next: DraftItem | undefined): DraftGroup {
  return {
    ...group,
    items: group.items.flatMap(item => {
      if (item.key === key) return next ? [next] : [];
      return 'items' in item ? [replaceItem(item, key, next)] : [item];
    }),
  };
}
