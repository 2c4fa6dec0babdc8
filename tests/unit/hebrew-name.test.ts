import {describe, expect, test} from 'vitest';
import {duplicateNameKey, foldName, nameMatches} from '../../app/lib/hebrew-name.ts';

describe('name fold', () => {
  test.each([
    ['מֹשֶׁה כֹּהֵן', 'משה כהנ'],
    ['  אברהם   יצחק\tלוי ', 'אברהמ יצחק לוי'],
    ['בן-שושן', 'בנ שושנ'],
    ['בן־שושן', 'בנ שושנ'],
    ['בן–שושן', 'בנ שושנ'],
    ['ציפורה שך', 'ציפורה שכ'],
    ['ך ם ן ף ץ', 'כ מ נ פ צ'],
    ['José Müller', 'jose muller'],
    ['MIRIAM Stern', 'miriam stern'],
    ["ג'ורג' ג׳ורג׳ ג’ורג’", 'גורג גורג גורג'],
    ['"הרב" צבי״ה', 'הרב צביה'],
    ["O'Brien", 'obrien'],
    ['בְּרֵאשִׁ֖ית', 'בראשית'], // niqqud and a cantillation mark (tipcha, U+0596)
    ['שָׁל֑וֹם׀ לֵוִי׃', 'שלומ לוי'], // etnahta, paseq and sof pasuq: all in U+0591–U+05C7
    ['רחל\u00a0 אדלר', 'רחל אדלר'],
  ])('%j → %j', (name, folded) => expect(foldName(name)).toBe(folded));
});

describe('self-user name match', () => {
  test('the full name matches forename-first and surname-first, whatever the niqqud, finals and spacing', () => {
    expect(nameMatches('משה כהן', 'משה', 'כהן')).toBe(true);
    expect(nameMatches('כֹּהֵן  מֹשֶׁה', 'משה', 'כהן')).toBe(true);
    expect(nameMatches('משה כהנ', 'משה', 'כהן')).toBe(true);
    expect(nameMatches('מנחם מנדל בן שושן', 'מנחם מנדל', 'בן-שושן')).toBe(true);
  });

  test('a different or partial name does not match', () => {
    expect(nameMatches('משה', 'משה', 'כהן')).toBe(false);
    expect(nameMatches('משה לוי', 'משה', 'כהן')).toBe(false);
    expect(nameMatches('משהכהן', 'משה', 'כהן')).toBe(false);
  });
});

describe('duplicate key', () => {
  const key = duplicateNameKey('מנחם מנדל', 'כהן', '2000-01-01');

  test('carries the folded words and the birth date', () => {
    expect(key).toBe('כהנ מנדל מנחמ|2000-01-01');
  });

  test.each([
    ['final letters written as ordinary ones', 'מנחמ מנדל', 'כהנ'],
    ['niqqud', 'מְנַחֵם מֶנְדֶּל', 'כֹּהֵן'],
    ['forename and surname swapped', 'כהן', 'מנחם מנדל'],
    ['a word typed in the other field', 'מנחם', 'מנדל כהן'],
    ['extra spaces', '  מנחם   מנדל ', ' כהן'],
    ['a hyphen between the forenames', 'מנחם-מנדל', 'כהן'],
  ])('is the same with %s', (_, forename, surname) => {
    expect(duplicateNameKey(forename, surname, '2000-01-01')).toBe(key);
  });

  test.each([
    ['another surname', 'מנחם מנדל', 'כץ', '2000-01-01'],
    ['a forename missing', 'מנחם', 'כהן', '2000-01-01'],
    ['two words typed as one', 'מנחםמנדל', 'כהן', '2000-01-01'],
    ['another birth date', 'מנחם מנדל', 'כהן', '2000-01-02'],
  ])('differs with %s', (_, forename, surname, birthDate) => {
    expect(duplicateNameKey(forename, surname, birthDate)).not.toBe(key);
  });
});
