import {nameMatches} from '../../app/lib/hebrew-name.ts';
import type {Sql} from '../db/sql.ts';

export type TicketDetails = {idNumber: string; birthday: string; phone: string; name: string};

/**
 * The ticket (candidate profile) whose ID number, birth date, registered phone (E.164) and full name are
 * all the given ones, or undefined. Closed tickets match too: their owners still sign in to see the
 * closed status and the bonus card.
 */
export async function findTicket(sql: Sql, d: TicketDetails): Promise<string | undefined> {
  const [row] = await sql<{id: string; forename: string; surname: string}[]>`
    SELECT id, forename, surname FROM profile JOIN profile_detail ON profile_id = id
    WHERE id_number = ${d.idNumber} AND birth_date = ${d.birthday} AND phones ? ${d.phone}`;
  return row && nameMatches(d.name, row.forename, row.surname) ? row.id : undefined;
}
