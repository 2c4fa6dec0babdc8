import {describe, expect, test} from 'vitest';
import {formatPhone, toE164} from '../../app/lib/phones.ts';

describe('phone number as typed → E.164', () => {
  test.each([
    ['050-1234567', '+972501234567'],
    ['0501234567', '+972501234567'],
    [' 050 123 4567 ', '+972501234567'],
    ['+972 50 123 4567', '+972501234567'],
    ['02-6251111', '+97226251111'],
    ['+1 212 555 0100', '+12125550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+32 2 555 12 34', '+3225551234'],
    ['+32 470 12 34 56', '+32470123456'],
    ['00 44 20 7946 0958', '+442079460958'], // dialled from Israel
  ])('%s → %s', (input, e164) => expect(toE164(input)).toBe(e164));

  test('a number without a country code is read as one of the given country', () => {
    expect(toE164('(212) 555-0100', 'US')).toBe('+12125550100');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('02 555 12 34', 'BE')).toBe('+3225551234');
    expect(toE164('+972 50 123 4567', 'US')).toBe('+972501234567');
  });

  test.each(['12345', '050-123', '050-12345678', 'abc', '', '   ', '+44 20', '+1 555', '+999 123 4567'])(
    '%j is not a phone number',
    input => expect(toE164(input)).toBeUndefined(),
  );
});

describe('phone number for display', () => {
  test.each([
    ['+972501234567', '050-1234567'],
    ['+97226251111', '02-625-1111'],
    ['+12125550100', '+1 212 555 0100'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+3225551234', '+32 2 555 12 34'],
  ])('%s → %s', (e164, shown) => expect(formatPhone(e164)).toBe(shown));

  test('what does not parse is shown as stored', () => expect(formatPhone('unknown')).toBe('unknown'));

  test('what toE164 stores, formatPhone shows and toE164 reads back', () => {
    for (const typed of ['050-1234567', '+44 20 7946 0958', '+32 470 12 34 56']) {
      const e164 = toE164(typed)!;
      expect(toE164(formatPhone(e164))).toBe(e164);
    }
  });
});
