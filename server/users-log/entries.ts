import type {LogEntry, LogQuery} from '../../app/users-log/schema.ts';
import type {Sql} from '../db/sql.ts';

/**
 * A sign-in event that went through: a sign-in, a sign-out, a code sent, Google's half of a sign-in,
 * a ticket closed by its self-user, a number or email its self-user verified (server/auth/audit.ts).
 * Every other result is a failure or a refusal (wrong code, expired, locked, blocked, rate-limited, …).
 */
const authSucceeded = (sql: Sql) =>
  sql`(a.result IN ('signed-in', 'signed-out', 'ok', 'sent', 'closed', 'verified') OR a.result LIKE '%: sent' OR a.result LIKE 'signed-out:%')`;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, c => `\\${c}`)}%`;

/** The users log's entries for the filters, newest first: the three tables as one list (see app/users-log/schema.ts). */
export function logEntries(sql: Sql, q: LogQuery) {
  const kind = q.kind;
  const when = (column: string) =>
    sql`${q.from !== undefined ? sql`AND ${sql(column)} >= to_timestamp(${q.from / 1000})` : sql``}
        ${q.until !== undefined ? sql`AND ${sql(column)} < to_timestamp(${q.until / 1000})` : sql``}`;
  const who = q.user !== undefined ? sql`AND user_id = ${q.user}` : sql``;
  // A record is a card: its id, or part of its name either way round.
  const record =
    q.record !== undefined
      ? sql`AND profile_id IN (SELECT id FROM profile WHERE id = ${q.record}
              OR forename || ' ' || surname ILIKE ${likeText(q.record)} OR surname || ' ' || forename ILIKE ${likeText(q.record)})`
      : sql``;

  const auth =
    kind === undefined || kind === 'sign-in' || kind === 'sign-in-failed'
      ? sql`SELECT 'auth:' || a.id AS key, a.at,
                   CASE WHEN ${authSucceeded(sql)} THEN 'sign-in' ELSE 'sign-in-failed' END AS kind,
                   a.user_id, a.profile_id, a.kind AS action, a.result, a.ip,
                   CASE WHEN a.repeats > 1 THEN concat_ws(' ', a.target, '×' || a.repeats) ELSE a.target END AS detail
            FROM auth_event a WHERE true ${who} ${record} ${when('at')}
            ${kind === 'sign-in' ? sql`AND ${authSucceeded(sql)}` : kind === 'sign-in-failed' ? sql`AND NOT ${authSucceeded(sql)}` : sql``}`
      : undefined;
  const changes =
    kind === undefined || kind === 'change'
      ? sql`SELECT 'change:' || r.id AS key, r.created_at AS at, 'change' AS kind, r.user_id, r.profile_id,
                   r.field AS action, NULL AS result, NULL AS ip, r.imported_from AS detail
            FROM profile_revision r WHERE true ${who} ${record} ${when('created_at')}`
      : undefined;
  const reads =
    kind === undefined || !['sign-in', 'sign-in-failed', 'change'].includes(kind)
      ? sql`SELECT 'access:' || l.id AS key, l.at, l.what AS kind, l.user_id, l.profile_id,
                   NULL AS action, l.result, l.ip,
                   (CASE WHEN l.repeats > 1 THEN coalesce(l.detail, '{}') || jsonb_build_object('repeats', l.repeats) ELSE l.detail END)::text AS detail
            FROM access_log l WHERE true ${who} ${record} ${when('at')} ${kind ? sql`AND what = ${kind}` : sql``}`
      : undefined;
  // A page needs at most offset + limit rows of each table, newest first (by the `at` indexes of
  // migration 0027), in the same order as the whole list, so the tables are never read in full for it.
  const top = q.limit !== undefined ? sql`ORDER BY 2 DESC, 1 DESC LIMIT ${q.limit + (q.offset ?? 0)}` : sql``;
  const branches = [auth, changes, reads].filter(b => b !== undefined).map(b => sql`(${b} ${top})`);
  const union = branches.slice(1).reduce((all, b) => sql`${all} UNION ALL ${b}`, branches[0]!);

  return sql<LogEntry[]>`
    SELECT e.key, to_json(e.at) #>> '{}' AS at, e.kind, e.user_id AS "userID", u.name AS "userName",
           e.profile_id AS "profileID", NULLIF(trim(concat_ws(' ', p.forename, p.surname)), '') AS "profileName",
           e.action, e.result, e.ip, e.detail
    FROM (${union}) e
    LEFT JOIN app_user u ON u.id = e.user_id
    LEFT JOIN profile p ON p.id = e.profile_id
    ORDER BY e.at DESC, e.key DESC
    ${q.limit !== undefined ? sql`LIMIT ${q.limit}` : sql``} OFFSET ${q.offset ?? 0}`;
}
