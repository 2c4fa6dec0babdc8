import type {Hono} from 'hono';
import {zql} from '../../zero-schema.ts';
import {can} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {duplicateNameKey} from '../../app/lib/hebrew-name.ts';
import {duplicateQuerySchema, type DuplicateMatch} from '../../app/candidates/card/duplicates.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {limitBody, fail, readBody} from '../http/body.ts';
import {zqlReader} from '../zero/read.ts';
import {logDuplicateLookup} from './duplicate-log.ts';

/**
 * POST /api/profiles/duplicates: before a new card is saved (spec issue "duplicates"), the cards that
 * may be the same person: the same ID number, a shared phone number (E.164), or the same folded name
 * with the same date of birth. Every card counts, also those the user may not open; of those only the
 * reason is told, never the name. Every lookup is written to the access log (duplicate-log.ts).
 */
export function mountDuplicateRoutes(app: Hono<ApiEnv>, sql: Sql, allowLookup: (userID: string) => Promise<boolean>) {
  const read = zqlReader(sql);

  const small = limitBody();
  app.post('/api/profiles/duplicates', small, async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'editTickets')) return fail(c, 403, 'forbidden', 'Creating cards needs the edit profiles permission');
    // Each lookup tells whether an ID number or phone is registered: limited per user (rate-limit.ts).
    if (!(await allowLookup(session.ctx.userID))) return fail(c, 429, 'tooManyRequests', 'Too many lookups; try again later');
    const body = await readBody(c, duplicateQuerySchema);
    if (body instanceof Response) return body;

    const rows = await sql<
      {
        id: string;
        forename: string;
        surname: string;
        city: string;
        birth_date: string;
        id_number: string | null;
        phones: string[];
      }[]
    >`
      SELECT id, forename, surname, city, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, id_number, phones
      FROM profile LEFT JOIN profile_detail ON profile_id = id
      WHERE (${body.idNumber ?? null}::text IS NOT NULL AND id_number = ${body.idNumber ?? null})
         OR phones ?| ${body.phones}::text[]
         OR birth_date = ${body.birthDate}::date
      LIMIT 500`;
    const key = duplicateNameKey(body.forename, body.surname, body.birthDate);
    const matches = rows
      .map(row => ({
        row,
        reasons: [
          ...(body.idNumber && row.id_number === body.idNumber ? (['idNumber'] as const) : []),
          ...(row.phones.some(p => body.phones.includes(p)) ? (['phone'] as const) : []),
          ...(duplicateNameKey(row.forename, row.surname, row.birth_date) === key ? (['name'] as const) : []),
        ],
      }))
      .filter(m => m.reasons.length > 0)
      .slice(0, 20);

    const ids = matches.map(m => m.row.id);
    const visible = new Set(
      ids.length === 0 ? [] : (await read(visibleProfiles(zql.profile, session.ctx).where('id', 'IN', ids))).map(p => p.id),
    );
    const answer: DuplicateMatch[] = matches.map(({row, reasons}) =>
      visible.has(row.id)
        ? {id: row.id, name: `${row.forename} ${row.surname}`, city: row.city, birthDate: row.birth_date, reasons, visible: true}
        : {reasons, visible: false},
    );
    await logDuplicateLookup(sql, c, session.ctx.userID, body, answer);
    return c.json({matches: answer});
  });
}
