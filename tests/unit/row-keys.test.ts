import {expect, test} from 'vitest';
import {schema} from '../../zero-schema.ts';

/**
 * Zero names a row by its primary key, in a delete too: whoever had the row (or claims its client
 * group, issue 29) is told the key of every row that leaves. So a replicated table's key is a row id
 * (`id`, drawn at random where the row is made) or the id of the row it belongs to (`…ID`), never data:
 * no ID number, phone, name, address or token. tests/pg/row-keys.pg.test.ts checks the values too.
 */
const NOT_PERSONAL: Record<string, string> = {
  // The kinds of activity that earn points (idea, suggestion, …): an enumeration.
  'scorePoints.kind': 'an enumeration',
  // Whether the user is the card's place's coordinator or representative: an enumeration.
  'profilePlaceStaff.kind': 'an enumeration',
};

test('every replicated primary key is a row id', () => {
  const keys = Object.entries(schema.tables).flatMap(([table, t]) => t.primaryKey.map(column => `${table}.${column}`));
  expect(keys.length).toBeGreaterThan(40);
  const data = keys.filter(key => !/\.(id|[a-z]+ID)$/.test(key) && !(key in NOT_PERSONAL));
  expect(data).toEqual([]);
});
