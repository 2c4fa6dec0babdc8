import type {CardCreate} from '../../app/candidates/card/mutators.ts';
import {listedPhones} from '../../app/candidates/card/schema.ts';
import type {DuplicateHit} from '../../app/imports/schema.ts';
import {duplicateNameKey} from '../../app/lib/hebrew-name.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {zql} from '../../zero-schema.ts';
import type {Sql} from '../db/sql.ts';
import {zqlReader} from '../zero/read.ts';
import type {CardDetails} from '../../app/tables/profiles.ts';

/**
 * Possible duplicates of a file's rows (issue 16), by the very keys the new-card screen's check uses
 * (server/candidates/duplicates.ts): the same ID number, one of the card's own numbers in E.164 (the
 * candidate's and the parents'), or the same folded name with the same birth date. Against every card
 * in the database and against the file's earlier rows. Of the cards the user may not open nothing is
 * told, not even that one matches (issue 33: a file of guessed ID numbers is no oracle); an ID number
 * taken by such a card is refused when the import writes the row, as the card form's save refuses it
 * (server/imports/runner.ts). Only the access log counts them.
 */
export type RowKeys = {row: number; idNumber: string | null; phones: string[]; nameKey: string};

export const keysOf = (row: number, card: CardCreate): RowKeys => ({
  row,
  idNumber: card.idNumber,
  phones: listedPhones(card.details as CardDetails),
  nameKey: duplicateNameKey(card.forename, card.surname, card.birthDate),
});

/** The name key's birth date ('…|YYYY-MM-DD'). */
const birthDateOf = (nameKey: string) => nameKey.slice(nameKey.lastIndexOf('|') + 1);

/** Arrays sent to Postgres in pieces of this size. */
const CHUNK = 5000;
const chunks = <T>(items: readonly T[]) =>
  Array.from({length: Math.ceil(items.length / CHUNK)}, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** One row's lookup in the database: the hits the user is told of, and how many cards matched in all (for the access log). */
export type RowLookup = {told: DuplicateHit[]; matches: number};

/** Each row's lookup among the cards in the database (rows that matched no card are absent). */
export async function databaseDuplicates(sql: Sql, ctx: AuthContext, rows: readonly RowKeys[]): Promise<Map<number, RowLookup>> {
  const ids = [...new Set(rows.flatMap(r => (r.idNumber ? [r.idNumber] : [])))];
  const phones = [...new Set(rows.flatMap(r => r.phones))];
  const dates = [...new Set(rows.map(r => birthDateOf(r.nameKey)))];
  const byID = new Map<string, string>();
  const byPhone = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const names = new Map<string, string>();
  for (const part of chunks(ids)) {
    for (const r of await sql<{id: string; id_number: string}[]>`
      SELECT profile_id AS id, id_number FROM profile_detail WHERE id_number = ANY(${part}::text[])`) {
      byID.set(r.id_number, r.id);
    }
  }
  for (const part of chunks(phones)) {
    // One search of the phones' index for all of them (a join probing it phone by phone was planned as a scan per phone).
    const wanted = new Set(part);
    for (const r of await sql<{id: string; phones: string[]}[]>`SELECT id, phones FROM profile WHERE phones ?| ${part}::text[]`) {
      for (const phone of r.phones) if (wanted.has(phone)) byPhone.set(phone, [...(byPhone.get(phone) ?? []), r.id]);
    }
  }
  for (const part of chunks(dates)) {
    for (const r of await sql<{id: string; forename: string; surname: string; birth_date: string}[]>`
      SELECT id, forename, surname, to_char(birth_date, 'YYYY-MM-DD') AS birth_date
      FROM profile WHERE birth_date = ANY(${part}::date[])`) {
      const key = duplicateNameKey(r.forename, r.surname, r.birth_date);
      byName.set(key, [...(byName.get(key) ?? []), r.id]);
      names.set(r.id, `${r.forename} ${r.surname}`);
    }
  }

  const found = new Map<number, Array<{reason: DuplicateHit['reason']; id: string}>>();
  for (const r of rows) {
    const hits = [
      ...(r.idNumber && byID.has(r.idNumber) ? [{reason: 'idNumber' as const, id: byID.get(r.idNumber)!}] : []),
      ...r.phones.flatMap(phone => (byPhone.get(phone) ?? []).map(id => ({reason: 'phone' as const, id}))),
      ...(byName.get(r.nameKey) ?? []).map(id => ({reason: 'name' as const, id})),
    ];
    if (hits.length > 0) found.set(r.row, hits);
  }
  const matched = [...new Set([...found.values()].flat().map(h => h.id))];
  const visible = await visibleNames(sql, ctx, matched);
  return new Map(
    [...found].map(([row, hits]) => {
      const seen = new Set<string>();
      const told = hits.flatMap((h): DuplicateHit[] => {
        const name = visible.get(h.id);
        if (name === undefined || seen.has(`${h.id}:${h.reason}`)) return [];
        seen.add(`${h.id}:${h.reason}`);
        return [{reason: h.reason, profileID: h.id, name}];
      });
      return [row, {told, matches: new Set(hits.map(h => h.id)).size}];
    }),
  );
}

/** The names of the cards among `ids` this user may open (the same rule as the card's own query). */
async function visibleNames(sql: Sql, ctx: AuthContext, ids: readonly string[]) {
  const read = zqlReader(sql);
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const p of await read(visibleProfiles(zql.profile, ctx).where('id', 'IN', part)))
      names.set(p.id, `${p.forename} ${p.surname}`);
  }
  return names;
}

/** Each row's hits among the file's earlier rows (the first of equal rows is the one to keep). */
export function fileDuplicates(rows: readonly RowKeys[]): Map<number, DuplicateHit[]> {
  const first = {idNumber: new Map<string, number>(), phone: new Map<string, number>(), name: new Map<string, number>()};
  const found = new Map<number, DuplicateHit[]>();
  for (const r of [...rows].sort((a, b) => a.row - b.row)) {
    const hits: DuplicateHit[] = [];
    const meet = (reason: DuplicateHit['reason'], key: string) => {
      const earlier = first[reason].get(key);
      if (earlier === undefined) first[reason].set(key, r.row);
      else if (!hits.some(h => h.reason === reason && 'row' in h && h.row === earlier)) hits.push({reason, row: earlier});
    };
    if (r.idNumber) meet('idNumber', r.idNumber);
    for (const phone of r.phones) meet('phone', phone);
    meet('name', r.nameKey);
    if (hits.length > 0) found.set(r.row, hits);
  }
  return found;
}

/** An ID number that is another card's, or an earlier row's: such a row is never imported as it is. */
export const blocks = (hits: readonly DuplicateHit[]) => hits.some(h => h.reason === 'idNumber');
