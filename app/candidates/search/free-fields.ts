import {CARD_FIELDS, type CardField, type FieldKind} from '../card/fields.ts';
import type {FreeCondition} from '../../tables/saved-searches.ts';

type Operator = FreeCondition['op'];

/**
 * The card catalogue's fields the free filter builder (freeFiltering) offers: those with a short,
 * comparable value. Long texts (health, looks…), phones and the ID number are left out: they are
 * sensitive, and the exact ID number and phone have the search box.
 */
export const FREE_FIELDS: readonly CardField[] = CARD_FIELDS.filter(field =>
  ['text', 'number', 'money', 'choice', 'choices', 'yesNo', 'institution', 'community'].includes(field.kind.type),
);

/** The operators that make sense for a kind of field (the builder offers them; the server checks them). */
export function operatorsFor(kind: FieldKind): readonly Operator[] {
  switch (kind.type) {
    case 'number':
      return ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'isEmpty', 'isNotEmpty'];
    case 'text':
    case 'institution':
      return ['eq', 'ne', 'startsWith', 'contains', 'isEmpty', 'isNotEmpty'];
    // Kept as "1500 ILS": an amount is found within it.
    case 'money':
      return ['contains', 'isEmpty', 'isNotEmpty'];
    // Several values: "is" means "includes"; "is not" would need not(exists()), which zero-cache cannot run.
    case 'choices':
      return ['eq', 'isEmpty', 'isNotEmpty'];
    default:
      return ['eq', 'ne', 'isEmpty', 'isNotEmpty'];
  }
}
