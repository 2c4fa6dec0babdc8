import {expect, test} from 'vitest';
import {isIncomplete, rowChecker, type Lookups} from '../../app/imports/cells.ts';
import type {Fills} from '../../app/imports/schema.ts';

/**
 * A sheet row → the card the form would make (issue 16, app/imports/cells.ts): values as people type
 * them in any of the four languages, checked by the card form's schema and against the database's lists.
 */
const LOOKUPS: Lookups = {
  sectors: [
    {id: 'litvish', labels: {he: 'ליטאי', en: 'Litvish'}, retired: false},
    {id: 'old', labels: {he: 'ישן'}, retired: true},
  ],
  statuses: [{id: 'available', labels: {he: 'פנוי/ה להצעות', en: 'Open to suggestions'}}],
  communities: [{id: 'c1', name: 'בני ברק', retired: false}],
  institutions: [{name: 'סמינר וולף', variations: ['וולף']}],
};
const checker = rowChecker(LOOKUPS);
/** A row read with its mapping, and (issue 31) values for whole columns and the sheet's date order. */
const check = (cells: string[], mapping: Array<string | null>, fills: Fills = {}, dateOrder: 'dmy' | 'mdy' = 'dmy') =>
  checker(cells, {mapping, fills, dateOrder});
const MAPPING = [
  'forename',
  'surname',
  'gender',
  'birthDate',
  'city',
  'sectorID',
  'occupation',
  'suggestionsContact',
  'suggestionsPhone',
  'inquiryPhones',
];
const BASE = ['רחל', 'כהן', 'נקבה', '05/03/2001', 'אלעד', 'ליטאי', 'מורה', 'אמא', '052-1234567', '03-6181818'];
const issuesOf = (extra: Record<string, string>, mapping = [...MAPPING, ...Object.keys(extra)]) => {
  const result = check([...BASE, ...Object.values(extra)], mapping);
  return result.issues.map(i => `${i.field}:${i.message}`);
};

test('a complete row is the card the form would save: ids for labels, E.164 phones, ISO dates, the first status', () => {
  const {card, issues} = check(BASE, MAPPING);
  expect(issues).toEqual([]);
  expect(card).toMatchObject({
    forename: 'רחל',
    gender: 'female',
    birthDate: '2001-03-05',
    sectorID: 'litvish',
    statusID: 'available',
    details: {occupation: 'מורה', suggestionsPhone: '+972521234567', inquiryPhones: ['+97236181818']},
  });
});

test('values in the four languages and as old sheets write them', () => {
  const card = (extra: Record<string, string>, base = BASE) =>
    check([...base, ...Object.values(extra)], [...MAPPING, ...Object.keys(extra)]).card;
  expect(
    card({maritalStatus: 'Divorced', smoker: 'לא', drivingLicense: 'Ja', degrees: 'B.A.; תואר שני', height: '165'})?.details,
  ).toMatchObject({
    maritalStatus: 'divorced',
    smoker: false,
    drivingLicense: true,
    height: 165,
  });
  for (const gender of ['F', 'נ', 'בת', 'Weiblich', 'женский'])
    expect(check([...BASE.slice(0, 2), gender, ...BASE.slice(3)], MAPPING).card?.gender).toBe('female');
  // An Excel day number that lost its date format: 36955 is 5 March 2001.
  expect(check([...BASE.slice(0, 3), '36955', ...BASE.slice(4)], MAPPING).card?.birthDate).toBe('2001-03-05');
  expect(check([...BASE.slice(0, 5), 'Litvish', ...BASE.slice(6)], MAPPING).card?.sectorID).toBe('litvish');
  expect(card({communityID: 'בני-ברק', institution: 'וולף'})).toMatchObject({communityID: 'c1', details: {institution: 'וולף'}});
});

test('each problem on its field, with the form’s message keys; the database’s lists checked too', () => {
  expect(issuesOf({idNumber: '123456789', height: 'גבוה'})).toEqual(['idNumber:invalidId', 'details.height:invalidNumber']);
  expect(issuesOf({maritalStatus: 'אולי'})).toEqual(['details.maritalStatus:unknownOption']);
  expect(issuesOf({institution: 'ישיבה שאינה ברשימה'})).toEqual(['details.institution:invalidInstitution']);
  expect(issuesOf({candidatePhone: '12'})).toEqual(['details.candidatePhone:invalidPhone']);
  const sector = (value: string) => check([...BASE.slice(0, 5), value, ...BASE.slice(6)], MAPPING).issues;
  expect(sector('ישן')).toEqual([{field: 'sectorID', message: 'unknownOption'}]); // retired: no new card gets it
  expect(sector('')).toEqual([{field: 'sectorID', message: 'required'}]);
  // A required field no column gives: reported on the field.
  expect(check(BASE.slice(0, 6), MAPPING.slice(0, 6)).issues.map(i => i.field)).toEqual([
    'details.occupation',
    'details.suggestionsContact',
    'details.suggestionsPhone',
    'details.inquiryPhones',
  ]);
});

test('a row that lacks only required details is incomplete: a temporary card, listing what is missing', () => {
  const result = check(BASE.slice(0, 6), MAPPING.slice(0, 6));
  expect(isIncomplete(result)).toBe(true);
  expect(result.card).toMatchObject({forename: 'רחל', birthDate: '2001-03-05', details: {}});
  // A wrong value is never let through as "incomplete".
  const wrong = check([...BASE.slice(0, 6), '', '', '12'], MAPPING.slice(0, 9));
  expect(wrong.card).toBeUndefined();
  // Nor a missing name, which every card must have.
  expect(check(['', ...BASE.slice(1, 6)], MAPPING.slice(0, 6)).card).toBeUndefined();
});

test('a value for a whole column fills every row without its own, and no row that has one', () => {
  const sheet = ['רחל', 'כהן', '05/03/2001', 'אלעד'];
  const mapping = ['forename', 'surname', 'birthDate', 'city'];
  const fills = {gender: 'נקבה', sectorID: 'Litvish', city: 'ירושלים', occupation: 'מורה'};
  const {card} = check(sheet, mapping, fills);
  expect(card).toMatchObject({gender: 'female', sectorID: 'litvish', city: 'אלעד', details: {occupation: 'מורה'}});
  expect(check([...sheet.slice(0, 3), ''], mapping, fills).card?.city).toBe('ירושלים');
});

test('d/m/yyyy reads in the sheet’s order; a date that reads either way is flagged', () => {
  const sheet = (date: string) => [...BASE.slice(0, 3), date, ...BASE.slice(4)];
  expect(check(sheet('1/2/2001'), MAPPING).card?.birthDate).toBe('2001-02-01');
  expect(check(sheet('1/2/2001'), MAPPING, {}, 'mdy').card?.birthDate).toBe('2001-01-02');
  expect(check(sheet('1/2/2001'), MAPPING, {}, 'mdy').warnings).toEqual([{field: 'birthDate', message: 'dateReadMonthFirst'}]);
  expect(check(sheet('25/2/2001'), MAPPING).warnings).toEqual([]);
  expect(check(sheet('5.5.2001'), MAPPING).warnings).toEqual([]);
  // Month first, a day over 12 where the month belongs is no date.
  expect(check(sheet('25/2/2001'), MAPPING, {}, 'mdy').issues).toEqual([{field: 'birthDate', message: 'invalidDate'}]);
});
