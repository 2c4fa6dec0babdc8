import type {Context} from 'hono';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {selfSessionOf} from '../auth/self-session.ts';

export const notSignedIn = (c: Context) => fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');

/**
 * Why the candidate may not change (or, on their edit form, see) their ticket now, or undefined when
 * they may: 401 notSignedIn (gone), 503 maintenance, 409 ticketClosed, 403 ticketLocked (a card the
 * candidate sent, none of its numbers verified yet, spec §4). The one rule of the candidate's edit form.
 */
export async function ticketRefusal(c: Context<ApiEnv>, sql: Sql, profileID: string): Promise<Response | undefined> {
  const [row] = await sql<{closed: boolean; locked: boolean; maintenance: boolean}[]>`
    SELECT closed_at IS NOT NULL AS closed, source = 'candidate' AND candidate_verified_at IS NULL AS locked,
           coalesce((SELECT maintenance FROM site_setting WHERE id = 'site'), false) AS maintenance
    FROM profile WHERE id = ${profileID} AND deleted_at IS NULL`;
  if (!row) return notSignedIn(c);
  if (row.maintenance) return fail(c, 503, 'maintenance', 'The site is under maintenance');
  if (row.closed) return fail(c, 409, 'ticketClosed', 'This ticket is already closed');
  if (row.locked) return fail(c, 403, 'ticketLocked', 'Verify one of the ticket’s numbers first');
  return undefined;
}

/**
 * The self-user session's ticket if the candidate may change it now, else the refusal to answer with
 * (no self-user session is 401 notSignedIn: a staff session is none).
 */
export async function editableTicket(c: Context<ApiEnv>, sql: Sql): Promise<string | Response> {
  const session = await selfSessionOf(c, sql);
  if (!session) return notSignedIn(c);
  return (await ticketRefusal(c, sql, session.profileID)) ?? session.profileID;
}
