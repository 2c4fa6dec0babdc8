import {describe, expect, test} from 'vitest';
import {defaultParseSearch, defaultStringifySearch} from '@tanstack/react-router';
import {homeSearchOf} from '../../app/candidates/search/url.ts';
import * as m from '../../app/paraglide/messages.js';
import {MAX_FREE_ITEMS, freeItemCount} from '../../app/candidates/search/free-conditions.ts';
import {draftOf, freeOf, newCondition, newGroup} from '../../app/candidates/search/free-draft.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/** What the router hands validateSearch for an address typed by hand. */
const typed = (query: string) => homeSearchOf(defaultParseSearch(query));

describe('the candidate list’s URL (/home search params)', () => {
  test('a view written by the app reads back as the same view', () => {
    const view: FilterSet & {sort: 'age'; dir: 'desc'} = {
      search: '123456782',
      gender: 'female',
      ageFrom: 21,
      ageTo: 24,
      sectors: ['litvish'],
      cities: ['בני ברק', 'ירושלים'],
      states: ['active'],
      openNow: true,
      added: {range: 'custom', from: '2026-01-01', until: '2026-02-01'},
      activity: 'noneInHalfYear',
      idleDays: 30,
      free: {
        join: 'or',
        items: [
          {field: 'height', op: 'gte', value: 170},
          {join: 'and', items: [{field: 'smoker', op: 'eq', value: false}]},
        ],
      },
      sort: 'age',
      dir: 'desc',
    };
    expect(typed(defaultStringifySearch(view))).toEqual(view);
  });

  test('hand-typed values: numbers, flags and single list items are read as the filters want them', () => {
    expect(typed('?ageFrom=21&ageTo="24"&openNow=true&sectors=litvish&cities=צפת&search=123')).toEqual({
      ageFrom: 21,
      ageTo: 24,
      openNow: true,
      sectors: ['litvish'],
      cities: ['צפת'],
      search: '123',
    });
  });

  test('a value that does not fit is dropped, the rest is kept, nothing throws', () => {
    expect(
      typed(
        '?gender=other&ageFrom=5&ageTo=abc&heightTo=500&sectors={"a":1}&states=["active","gone"]&database=all' +
          '&added={"range":"someday"}&activity=sometimes&idleDays=-3&openNow=maybe&free={"join":"xor","items":[]}' +
          '&sort=shoe&dir=up&unknown=1&city=צפת',
      ),
    ).toEqual({});
    expect(typed('?ageFrom=30&ageTo=oops&sort=city')).toEqual({ageFrom: 30, sort: 'city'});
    expect(typed('?search=%20%20')).toEqual({});
    expect(typed('?ageFrom=30&ageTo=20&heightFrom=150&heightTo=150')).toEqual({heightFrom: 150, heightTo: 150});
    expect(typed('?search=' + 'א'.repeat(51))).toEqual({});
    expect(typed('?cities=' + encodeURIComponent(JSON.stringify(Array.from({length: 31}, (_, i) => `c${i}`))))).toEqual({});
  });
});

describe('the free filter builder’s draft', () => {
  test('a complete draft becomes the filter set’s tree, values typed by their field’s kind', () => {
    const draft = newGroup([
      {...newCondition(), field: 'height', op: 'gte', value: ' 170 '},
      {...newCondition(), field: 'smoker', op: 'eq', value: 'no'},
      {...newCondition(), field: 'occupation', op: 'isEmpty', value: 'left over'},
      {...newGroup([{...newCondition(), field: 'maritalStatus', op: 'eq', value: 'single'}]), join: 'or'},
    ]);
    expect(freeOf(draft)).toEqual({
      free: {
        join: 'and',
        items: [
          {field: 'height', op: 'gte', value: 170},
          {field: 'smoker', op: 'eq', value: false},
          {field: 'occupation', op: 'isEmpty'},
          {join: 'or', items: [{field: 'maritalStatus', op: 'eq', value: 'single'}]},
        ],
      },
    });
  });

  test('each condition that cannot be is named by its key, with the reason', () => {
    const height = {...newCondition(), field: 'height', op: 'gte' as const, value: '300'};
    const blank = {...newCondition(), field: 'occupation', op: 'eq' as const, value: '  '};
    const onlyQuotes = {...newCondition(), field: 'occupation', op: 'startsWith' as const, value: '״'};
    const empty = newGroup([]);
    const result = freeOf(newGroup([height, blank, onlyQuotes, empty]));
    expect('errors' in result && [...result.errors.keys()].sort()).toEqual(
      [height.key, blank.key, onlyQuotes.key, empty.key].sort(),
    );
  });

  test(`the draft counts its conditions and groups; beyond ${MAX_FREE_ITEMS} it is refused as a whole`, () => {
    const height = () => ({...newCondition(), field: 'height', op: 'gte' as const, value: '170'});
    const group = (n: number) => newGroup(Array.from({length: n}, height));
    const atCap = newGroup([group(13), group(13), height(), height()]);
    expect(freeItemCount(atCap)).toBe(MAX_FREE_ITEMS);
    expect(freeOf(atCap)).toHaveProperty('free');
    const over = newGroup([group(13), group(14), height(), height()]);
    expect(freeOf(over)).toEqual({errors: new Map([[over.key, m.free_error_too_many({max: MAX_FREE_ITEMS})]])});
  });

  test('a tree reopens as the draft it came from', () => {
    const free = {
      join: 'or' as const,
      items: [
        {field: 'hat', op: 'eq' as const, value: true},
        {field: 'weight', op: 'lt' as const, value: 80},
      ],
    };
    expect(freeOf(draftOf(free))).toEqual({free});
  });
});
