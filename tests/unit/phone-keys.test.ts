import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {phoneSearchKeys} from '../../app/candidates/search/phone-keys.ts';
import {toE164} from '../../app/lib/phones.ts';

/**
 * The search box reads a typed phone without the phone library (app/candidates/search/phone-keys.ts): whatever the
 * library makes of a typing, the search must offer that number too, or a card the library stored would not be found.
 */
describe('a phone typed into the search box', () => {
  test.each([
    ['050-1234567', '+972501234567'],
    ['0501234567', '+972501234567'],
    ['50-1234567', '+972501234567'],
    ['(050) 123 4567', '+972501234567'],
    ['+972 50 123 4567', '+972501234567'],
    ['+972 050-123-4567', '+972501234567'],
    ['972-50-1234567', '+972501234567'],
    ['00972 50 123 4567', '+972501234567'],
    ['02-625-1111', '+97226251111'],
    ['077-1234567', '+972771234567'],
    ['1-800-123-456', '+9721800123456'],
    ['+1 212 555 0100', '+12125550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['00 44 20 7946 0958', '+442079460958'],
    ['+32 470 12 34 56', '+32470123456'],
  ])('%s finds %s, as the phone library reads it', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
    expect(phoneSearchKeys(typed)).toContain(e164);
  });

  test.each(['12345', '050-123', '+44 20', ''])('%j is no number to look for', typed =>
    expect(phoneSearchKeys(typed)).toEqual([]),
  );

  const digits = (length: number) => fc.string({unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length});
  /** How people write a number: its digits in groups, with spaces, dashes, dots or brackets between. */
  const written = (number: string) =>
    fc
      .array(fc.constantFrom('', ' ', '-', '.', ') ', ' ('), {minLength: number.length, maxLength: number.length})
      .map(gaps => [...number].map((digit, i) => (i === 0 ? digit : gaps[i] + digit)).join(''));

  test('every Israeli number the library reads, however written, is offered', () => {
    let valid = 0;
    const israeli = fc.tuple(
      fc.constantFrom('50', '52', '53', '54', '55', '58', '2', '3', '4', '8', '9', '72', '73', '77'),
      digits(7),
    );
    const prefix = fc.constantFrom('0', '+972 ', '+972 0', '00972', '972', '');
    fc.assert(
      fc.property(
        israeli.chain(([area, rest]) => written(area + rest)),
        prefix,
        (number, before) => {
          const typed = before + number;
          const read = toE164(typed);
          if (read) valid++;
          return read === undefined || phoneSearchKeys(typed).includes(read);
        },
      ),
      {numRuns: 2000},
    );
    // Most of them are real numbers, so the property says something.
    expect(valid).toBeGreaterThan(1000);
  });

  test('every international number the library reads, written with + or 00, is offered', () => {
    let valid = 0;
    const country = fc.constantFrom('1', '44', '32', '33', '49', '7', '61', '380', '41', '31');
    fc.assert(
      fc.property(
        country,
        fc.integer({min: 6, max: 11}).chain(digits),
        fc.constantFrom('+', '00', '+ ', '00 '),
        (code, national, before) => {
          const typed = `${before}${code} ${national}`;
          const read = toE164(typed);
          if (read) valid++;
          return read === undefined || phoneSearchKeys(typed).includes(read);
        },
      ),
      {numRuns: 2000},
    );
    expect(valid).toBeGreaterThan(300);
  });
});
