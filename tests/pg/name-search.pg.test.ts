import {afterAll, describe, expect, inject, test} from 'vitest';
import {foldName} from '../../app/lib/hebrew-name.ts';
import {connect} from '../../server/db/sql.ts';

/**
 * The list's name search (migrations/0018) folds the stored name in SQL (fold_name, kept by a trigger)
 * and the typed words in JavaScript (foldName): a card is found only if both folds agree.
 */
const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

const sqlFold = async (names: string[]) =>
  (
    await sql<{folded: string}[]>`SELECT fold_name(name) AS folded
                                  FROM unnest(${names}::text[]) WITH ORDINALITY AS t(name, i) ORDER BY i`
  ).map(r => r.folded);

describe('fold_name, the SQL twin of foldName', () => {
  test('agrees on tricky names', async () => {
    const names = [
      'בְּרֵאשִׁ֖ית', // niqqud and a cantillation mark
      'מֹשֶׁה כֹּהֵן', // finals
      'ך ם ן ף ץ',
      'בֶּן-שׁוּשָׁן',
      'בן־שושן', // maqaf
      'בן–שושן', // en dash
      'שָׁל֑וֹם׀ לֵוִי׃', // paseq and sof pasuq
      "ג'ורג' ג׳ורג׳ ג’ורג’", // apostrophe, geresh, right single quote
      '"הרב" צבי״ה', // quotes and gershayim
      '\uFB2A\uFB2E\uFB31', // Hebrew presentation forms: shin with shin dot, alef with patah, bet with dagesh
      'José Müller',
      'ÉLODIE Ångström-ØRSTED',
      "O'Brien",
      'MIRIAM Stern',
      'İLKER ẞTRASSE Ǆ', // a capital with a dot above, capital sharp s, a titlecase digraph
      'Йосеф ЛЕВИ-Ёлкин',
      'ΟΔΥΣΣΕΥΣ Σ ΣΑΣ', // final sigma: at a word's end only
      '  אברהם   יצחק\tלוי ',
      'רחל\u00a0 אדלר\u3000\ufeff',
      '',
      '-',
      'ֹ',
    ];
    expect(await sqlFold(names)).toEqual(names.map(foldName));
  });

  test('agrees on every code point of the scripts names are written in, and on every dash and space', async () => {
    const blocks: [number, number][] = [
      [0x0001, 0x05ff], // Latin, IPA, combining diacritics, Greek, Cyrillic, Armenian, Hebrew
      [0x1ab0, 0x1aff], // combining diacritics extended
      [0x1c80, 0x1c8f], // Cyrillic extended C
      [0x1d00, 0x1fff], // phonetic extensions, combining supplement, Latin extended additional, Greek extended
      [0x2000, 0x20ff], // punctuation, super- and subscripts, currency, combining marks for symbols
      [0x2c60, 0x2c7f], // Latin extended C
      [0x2de0, 0x2dff], // Cyrillic extended A
      [0xa640, 0xa69f], // Cyrillic extended B
      [0xa720, 0xa7ff], // Latin extended D
      [0xab30, 0xab6f], // Latin extended E
      [0xfb00, 0xfb4f], // Latin ligatures, Hebrew presentation forms
      [0xfe20, 0xfe2f], // combining half marks
      [0xff00, 0xffef], // full-width forms
    ];
    const codePoints = new Set<number>();
    for (const [first, last] of blocks) for (let c = first; c <= last; c++) codePoints.add(c);
    for (let c = 1; c <= 0x10ffff; c++) {
      if ((c < 0xd800 || c > 0xdfff) && /^[\p{Pd}\s]$/u.test(String.fromCodePoint(c))) codePoints.add(c);
    }
    // Between two letters, so that a dash (a space) and a mark (nothing) fold differently. Code points
    // PostgreSQL's Unicode (16.0) does not assign yet are left out: it cannot know their case.
    const rows = await sql<{c: number; folded: string}[]>`
      SELECT c, fold_name('x' || chr(c) || 'x') AS folded FROM unnest(${[...codePoints]}::int[]) AS c
      WHERE unicode_assigned(chr(c))`;
    expect(rows.length).toBeGreaterThan(3_000);
    const differing = rows.filter(r => r.folded !== foldName(`x${String.fromCodePoint(r.c)}x`)).map(r => r.c.toString(16));
    expect(differing).toEqual([]);
  });
});
