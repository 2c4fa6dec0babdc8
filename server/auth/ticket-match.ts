import type {Sql} from '../db/sql.ts';

const FINAL_LETTERS: Record<string, string> = {ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ'};

/**
 * A name as people type it, reduced to what identifies it: niqqud, cantillation and accents (combining
 * marks) dropped, final letters written as ordinary ones, hyphens and maqaf as spaces, Latin letters in
 * lower case, whitespace collapsed. "בֶּן-שׁוּשָׁן" and "בן שושן" fold alike.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ךםןףץ]/g, letter => FINAL_LETTERS[letter] ?? letter)
    .replace(/[-\u05BE]/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The full name typed at self-user login may come forename first or surname first. */
export function nameMatches(typed: string, forename: string, surname: string): boolean {
  const folded = foldName(typed);
  return folded === foldName(`${forename} ${surname}`) || folded === foldName(`${surname} ${forename}`);
}

export type TicketDetails = {idNumber: string; birthday: string; phone: string; name: string};

/**
 * The ticket (candidate profile) whose ID number, birth date, registered phone (E.164) and full name are
 * all the given ones, or undefined. Closed tickets match too: their owners still sign in to see the
 * closed status and the bonus card.
 */
export async function findTicket(sql: Sql, d: TicketDetails): Promise<string | undefined> {
  const [row] = await sql<{id: string; forename: string; surname: string}[]>`
    SELECT id, forename, surname FROM profile
    WHERE id_number = ${d.idNumber} AND birth_date = ${d.birthday} AND phones ? ${d.phone}`;
  return row && nameMatches(d.name, row.forename, row.surname) ? row.id : undefined;
}
