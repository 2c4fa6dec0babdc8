import {describe, expect, test} from 'vitest';
import {isValidIsraeliID, israeliIDCheckDigit, normalizeIsraeliID} from '../../app/lib/israeli-id.ts';

// The vectors of docs/domain-notes.md.
describe('Israeli ID numbers', () => {
  test.each(['123456782', '039337423', '39337423', '050012343', '0500-1234-3', ' 039 337 423 '])('%j is valid', id => {
    expect(isValidIsraeliID(id)).toBe(true);
  });

  test.each([
    ['123456789', 'wrong check digit'],
    ['000000000', 'all zeros passes the checksum but is nobody'],
    ['0', 'all zeros, short'],
    ['', 'empty'],
    ['1234567820', 'ten digits'],
    ['12345678a', 'a letter'],
    ['１２３４５６７８２', 'full-width digits'],
  ])('%j is invalid (%s)', id => expect(isValidIsraeliID(id)).toBe(false));

  test('short numbers are left-padded to nine digits; spaces and dashes are dropped', () => {
    expect(normalizeIsraeliID('39337423')).toBe('039337423');
    expect(normalizeIsraeliID('050-012-343')).toBe('050012343');
    expect(normalizeIsraeliID('12.345')).toBeUndefined();
  });

  test('the check digit completes a body into a valid number', () => {
    expect(israeliIDCheckDigit('12345678')).toBe(2);
    expect(israeliIDCheckDigit('03933742')).toBe(3);
    for (let body = 10_000_000; body < 10_000_500; body++) {
      expect(isValidIsraeliID(`${body}${israeliIDCheckDigit(String(body))}`)).toBe(true);
    }
  });
});
