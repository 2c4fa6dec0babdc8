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

/**
 * A code reached this number of the ticket (the self-user sign-in, the phone verification screen):
 * it is recorded as verified, and a card the candidate sent is unlocked (spec §4).
 */
export async function markPhoneVerified(sql: Sql, profileID: string, phone: string) {
  await sql`
    UPDATE profile SET verified_phones = CASE WHEN verified_phones ? ${phone} THEN verified_phones
                                              ELSE verified_phones || ${sql.json([phone])} END,
                       candidate_verified_at = coalesce(candidate_verified_at, now())
    WHERE id = ${profileID}`;
}
