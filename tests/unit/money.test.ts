import {describe, expect, test} from 'vitest';
import {formatMoney} from '../../app/lib/money.ts';

/** Strips the bidi marks Hebrew formatting adds around numbers and symbols. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u00a0\u202f]/g, ' ').trim();

describe('money display (spec §9: ₪ $ €)', () => {
  test.each([
    ['he', 1500, 'ILS', '1,500 ₪'],
    ['en', 1500, 'ILS', '₪1,500'],
    ['en', 99.5, 'USD', '$99.50'],
    ['de', 20, 'EUR', '20 €'],
    ['ru', 1500, 'EUR', '1 500 €'],
  ] as const)('%s %d %s → %s', (locale, amount, currency, expected) => {
    expect(plain(formatMoney(amount, currency, locale)).replace(/\s+/g, ' ')).toBe(expected);
  });
});
