import type {Context} from 'hono';
import type {DuplicateMatch, DuplicateQuery} from '../../app/candidates/card/duplicates.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP} from '../http/body.ts';

/**
 * The access-log row of one duplicate lookup (POST /api/profiles/duplicates): who asked, by what (an ID
 * number, how many phones, the name with the birth date, which every lookup has), how many cards
 * matched and which of them the user was shown. Never the looked-up values themselves.
 */
export async function logDuplicateLookup(sql: Sql, c: Context, userID: string, query: DuplicateQuery, answer: DuplicateMatch[]) {
  const shown = answer.flatMap(m => (m.visible ? [m.id] : []));
  await logAccess(sql, {
    userID,
    what: 'duplicates',
    result: answer.length > 0 ? 'matches' : 'no-matches',
    ip: clientIP(c),
    detail: {byIdNumber: Boolean(query.idNumber), phones: query.phones.length, matches: answer.length, shown: shown.join(',')},
  });
}
