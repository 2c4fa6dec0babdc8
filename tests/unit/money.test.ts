import {describe, expect, test} from 'vitest';
import {formatMoney, formatMoneyText, moneyText, parseMoney} from '../../app/lib/money.ts';

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

describe('a sum as typed (the card’s shadchan fees)', () => {
  test.each([
    ['1,500 ₪', {amount: 1500, currency: 'ILS'}],
    ['₪1500', {amount: 1500, currency: 'ILS'}],
    ['3000 ש״ח', {amount: 3000, currency: 'ILS'}],
    ['$300', {amount: 300, currency: 'USD'}],
    ['300 דולר', {amount: 300, currency: 'USD'}],
    ['99.50 €', {amount: 99.5, currency: 'EUR'}],
    ['250 EUR', {amount: 250, currency: 'EUR'}],
    ['2000', {amount: 2000, currency: 'ILS'}],
  ] as const)('%s', (typed, money) => {
    expect(parseMoney(typed)).toEqual(money);
  });

  test.each(['', 'לפי המקובל', '5000 ₪ $', '-50', '12abc', '1.234'])('%s is no sum', typed => {
    expect(parseMoney(typed)).toBeUndefined();
  });

  test('kept as "1500 ILS", shown formatted; old text as it was', () => {
    expect(moneyText({amount: 1500, currency: 'ILS'})).toBe('1500 ILS');
    expect(plain(formatMoneyText('1500 USD'))).toBe(plain(formatMoney(1500, 'USD')));
    expect(formatMoneyText('לפי המקובל')).toBe('לפי המקובל');
  });
});
