import type {Sql} from '../db/sql.ts';

/**
 * What was read (or refused): a card's details, its print view, a file, an export, a duplicate lookup,
 * an ID number that belongs to a card the user may not see, a public form for an existing ID number,
 * a benefit card (its public check, its view, issue or revocation).
 */
export type AccessWhat = 'card' | 'print' | 'file' | 'export' | 'duplicates' | 'id-number' | 'candidate-form' | 'benefit-card';

export type AccessEntry = {
  userID: string | null;
  profileID?: string | null;
  what: AccessWhat;
  /** How it ended: shown, downloaded, refused, not-found, … */
  result: string;
  ip?: string | null;
  /** Anything that identifies the read further (a file id, an export's filter); never the data itself. */
  detail?: Record<string, string | number | boolean | null>;
};

/**
 * Writes one access-log row (migrations/0015): who, when, which record, what, result. Server-only, kept
 * at least 24 months. Called with the API's pool, outside any transaction that may roll back, so a
 * refusal is recorded even though its write is undone.
 */
export async function logAccess(sql: Sql, e: AccessEntry) {
  await sql`INSERT INTO access_log (user_id, profile_id, what, result, ip, detail)
            VALUES (${e.userID}, ${e.profileID ?? null}, ${e.what}, ${e.result}, ${e.ip ?? null},
                    ${e.detail ? sql.json(e.detail) : null})`;
}

/**
 * Writes many access-log rows in one statement (an import's preview logs one row per row it looked up:
 * 10,000 single inserts would take seconds, one statement takes a fraction of that).
 */
export async function logAccesses(sql: Sql, entries: readonly AccessEntry[]) {
  if (entries.length === 0) return;
  const rows = entries.map(e => ({
    user_id: e.userID,
    profile_id: e.profileID ?? null,
    what: e.what,
    result: e.result,
    ip: e.ip ?? null,
    detail: e.detail ?? null,
  }));
  await sql`INSERT INTO access_log (user_id, profile_id, what, result, ip, detail)
            SELECT x.user_id, x.profile_id, x.what, x.result, x.ip, x.detail
            FROM jsonb_to_recordset(${sql.json(rows)}) AS x(user_id text, profile_id text, what text, result text,
                 ip text, detail jsonb)`;
}
