import type {Sql} from '../db/sql.ts';
import type {AccessEntry} from './access-log.ts';

/**
 * Anonymous requests cannot fill the disk (issue 33, migrations/0055): a refusal of a request nobody
 * signed in to make (a wrong benefit-card check, a sign-in for nobody) from an address refused the same
 * way in the same 15-minute window adds one to that row's `repeats` instead of writing a row of its own.
 * A flood from one address is one row per window, its count saying how large it was. The row is found
 * by its unique fold key, so concurrent requests meet in it too.
 */
export const REPEAT_WINDOW_MS = 15 * 60_000;

/** The window, the address and the refusal; none without an address (each such request keeps a row). */
const foldKey = (parts: readonly string[], ip: string | null | undefined) =>
  ip ? [Math.floor(Date.now() / REPEAT_WINDOW_MS), ip, ...parts].join('|') : null;

/** An anonymous refusal in the access log: one row per address, refusal and window, with a count. */
export async function logAnonymousRefusal(sql: Sql, e: AccessEntry & {userID: null}) {
  await sql`
    INSERT INTO access_log (user_id, profile_id, what, result, ip, detail, fold_key)
    VALUES (NULL, ${e.profileID ?? null}, ${e.what}, ${e.result}, ${e.ip ?? null}, ${e.detail ? sql.json(e.detail) : null},
            ${foldKey([e.what, e.result], e.ip)})
    ON CONFLICT (fold_key) WHERE fold_key IS NOT NULL
    DO UPDATE SET repeats = access_log.repeats + 1, last_at = now()`;
}

/** An auth_event that names nobody and was refused: one row per address, kind, result and window, with a count. */
export async function logAnonymousAuthRefusal(
  sql: Sql,
  e: {kind: string; result: string; target: string | null; ip: string | null},
) {
  await sql`
    INSERT INTO auth_event (kind, result, target, ip, fold_key)
    VALUES (${e.kind}, ${e.result}, ${e.target}, ${e.ip}, ${foldKey([e.kind, e.result], e.ip)})
    ON CONFLICT (fold_key) WHERE fold_key IS NOT NULL
    DO UPDATE SET repeats = auth_event.repeats + 1, last_at = now()`;
}
