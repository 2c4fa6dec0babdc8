/**
 * Names as people type them, reduced to what identifies them, so that the same name typed twice compares
 * equal: at self-user sign-in (the typed name against the ticket's), when looking for possible
 * duplicate profiles, and in the list's search. Shared by the browser and the server. The search
 * compares typed words folded here with names folded by the database (fold_name, migrations/0018):
 * a change here needs a migration changing that twin (tests/pg/name-search.pg.test.ts compares them).
 */

const FINAL_LETTERS: Record<string, string> = {ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ'};

/**
 * A name reduced to what identifies it: niqqud and cantillation (U+0591–U+05C7) and other combining
 * marks (Latin accents) dropped, final letters written as ordinary ones, geresh, gershayim, quotes and
 * apostrophes dropped (ג'ורג' and ג׳ורג׳ are one name), hyphens and maqaf as spaces (they join the words
 * of one name, which people also type apart), Latin letters in lower case, whitespace collapsed.
 * "בֶּן-שׁוּשָׁן" and "בן שושן" fold alike.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Pd}/gu, ' ') // before the Hebrew range below, which holds the maqaf (U+05BE)
    .replace(/[\u0591-\u05C7\p{M}]/gu, '')
    .replace(/['"`´‘’‚‛“”„‟ʼ׳״]/g, '')
    .replace(/[ךםןףץ]/g, letter => FINAL_LETTERS[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The full name typed at self-user login may come forename first or surname first. */
export function nameMatches(typed: string, forename: string, surname: string): boolean {
  const folded = foldName(typed);
  return folded === foldName(`${forename} ${surname}`) || folded === foldName(`${surname} ${forename}`);
}

/**
 * The key under which profiles that may be the same person meet: the folded words of the full name in a
 * fixed order (so forename and surname swapped, or a word typed in the other field, give the same key)
 * and the birth date ('YYYY-MM-DD'). Equal keys only flag profiles for a person to review, never merge.
 */
export function duplicateNameKey(forename: string, surname: string, birthDate: string): string {
  const words = foldName(`${forename} ${surname}`).split(' ').filter(Boolean).sort();
  return `${words.join(' ')}|${birthDate}`;
}
