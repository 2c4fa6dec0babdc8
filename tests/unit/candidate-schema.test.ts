import * as v from 'valibot';
import {describe, expect, test} from 'vitest';
import {candidateListSchema} from '../../app/candidates/search/filters.ts';
import {cardCreateSchema, cardPatchSchema} from '../../app/candidates/card/mutators.ts';
import {typedDateValue} from '../../app/lib/dates.ts';

const isoYearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + extraDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const valid = {
  id: 'abc',
  forename: '  שרה ',
  surname: 'לוי',
  gender: 'female',
  city: 'ירושלים',
  birthDate: isoYearsAgo(22),
  sectorID: 'litvish',
  statusID: 'available',
  idNumber: null,
  communityID: null,
  openFrom: null,
  colour: null,
  details: {occupation: 'גננת', suggestionsContact: 'רחל לוי', suggestionsPhone: '050-1234567', inquiryPhones: ['02-5812345']},
  database: 'general',
  temporary: false,
};

/** field → message key of the first issue, as the form shows them. */
function issuesOf(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map(i => [v.getDotPath(i), i.message]));
}

describe('new card schema', () => {
  test('accepts a valid candidate and trims text', () => {
    const result = v.parse(cardCreateSchema, valid);
    expect(result.forename).toBe('שרה');
  });

  test.each(['forename', 'surname', 'city', 'birthDate', 'sectorID', 'gender'])('%s is required', field => {
    expect(issuesOf(cardCreateSchema, {...valid, [field]: ''})).toEqual({[field]: 'required'});
    expect(issuesOf(cardCreateSchema, {...valid, [field]: undefined})).toEqual({[field]: 'required'});
  });

  test('whitespace-only names are missing, not names', () => {
    expect(issuesOf(cardCreateSchema, {...valid, surname: '   '})).toEqual({surname: 'required'});
  });

  test('rejects oversized text, unknown enum values and impossible dates', () => {
    expect(issuesOf(cardCreateSchema, {...valid, city: 'א'.repeat(61)})).toEqual({city: 'tooLong'});
    expect(issuesOf(cardCreateSchema, {...valid, gender: 'other'})).toEqual({gender: 'required'});
    expect(issuesOf(cardCreateSchema, {...valid, database: 'secret'})).toEqual({database: 'required'});
    expect(issuesOf(cardCreateSchema, {...valid, birthDate: '2001-02-29'})).toEqual({birthDate: 'invalidDate'});
  });

  test('a date typed only in part is an invalid date, not a missing one, in both date fields', () => {
    for (const typed of ['05-03-20', '31-02-2001']) {
      const value = typedDateValue(typed);
      expect(issuesOf(cardCreateSchema, {...valid, birthDate: value})).toEqual({birthDate: 'invalidDate'});
      expect(issuesOf(cardCreateSchema, {...valid, openFrom: value})).toEqual({openFrom: 'invalidDate'});
    }
    expect(v.parse(cardCreateSchema, {...valid, openFrom: typedDateValue('05.03.2030')}).openFrom).toBe('2030-03-05');
  });

  test('age derived from the date of birth must be 16–99', () => {
    expect(issuesOf(cardCreateSchema, {...valid, birthDate: isoYearsAgo(16)})).toEqual({});
    expect(issuesOf(cardCreateSchema, {...valid, birthDate: isoYearsAgo(16, 1)})).toEqual({birthDate: 'ageOutOfRange'});
    expect(issuesOf(cardCreateSchema, {...valid, birthDate: isoYearsAgo(-1)})).toEqual({birthDate: 'birthDateFuture'});
    expect(issuesOf(cardCreateSchema, {...valid, birthDate: isoYearsAgo(100)})).toEqual({birthDate: 'ageOutOfRange'});
  });
});

describe('an edit (patch) and the list', () => {
  test('every field is optional, but a present one passes the same checks as in a whole card', () => {
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 3, statusID: 'dating'})).toEqual({});
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 3, city: ' '})).toEqual({city: 'required'});
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 3, birthDate: '2001-02-29'})).toEqual({birthDate: 'invalidDate'});
    expect(issuesOf(cardPatchSchema, {id: 'x', city: 'צפת'})).toHaveProperty('revision');
  });

  test('an optional detail is cleared with null; a required one cannot be; unknown details are refused', () => {
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 0, details: {height: null, languages: 'עברית'}})).toEqual({});
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 0, details: {occupation: null}})).toHaveProperty(['details.occupation']);
    expect(issuesOf(cardPatchSchema, {id: 'x', revision: 0, details: {salary: 1}})).toEqual({'details.salary': 'unknownField'});
  });

  test('list windows are bounded', () => {
    expect(v.safeParse(candidateListSchema, {filters: {}, limit: 100}).success).toBe(true);
    expect(v.safeParse(candidateListSchema, {filters: {}, limit: 0}).success).toBe(false);
    expect(v.safeParse(candidateListSchema, {filters: {}, limit: 1e6}).success).toBe(false);
  });
});
