import type {Hono} from 'hono';
import type {SuggestedMatch} from '../../app/suggestions/schema.ts';
import {acceptedBirthDates, judgePair} from '../../app/suggestions/rules.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {matchCardOf, matchRowsSql, rankedSql, type MatchRow} from './score-sql.ts';

/** How many matches a card's panel shows. */
export const TOP_MATCHES = 20;

/** A card open to suggestions: active, not deleted, closed or pending, and its open-from date come. */
const openCard = (sql: Sql) =>
  sql`p.state = 'active' AND p.deleted_at IS NULL AND p.closed_at IS NULL AND (p.open_from IS NULL OR p.open_from <= current_date)`;

/**
 * A card's suggested matches for this user: undefined when the user may not see the card; none when it
 * is not open. The SQL narrows to open cards of the other gender in the same sector, that this user may
 * see (visibleProfilesSql, the twin of the lists' rule), born within the ages the card accepts, and never
 * a pair that has any activity (an idea, suggestion, date or vort, in any state, by anyone) or a shidduch
 * idea in the bank; the SQL twin of the rules (score-sql.ts) then holds every rule of both sides and
 * ranks what is left, and the rules word the reasons of the best.
 */
export async function suggestedMatches(
  sql: Sql,
  ctx: AuthContext,
  id: string,
  now = new Date(),
  top = TOP_MATCHES,
): Promise<SuggestedMatch[] | undefined> {
  const [row] = await sql<(MatchRow & {open: boolean})[]>`
    SELECT r.*, EXISTS (SELECT 1 FROM profile p WHERE p.id = r.id AND ${openCard(sql)}) AS open
      FROM (${matchRowsSql(sql, sql`p.id = ${id} AND ${visibleProfilesSql(sql, ctx)}`)}) r`;
  if (!row) return undefined;
  const card = matchCardOf(row);
  if (!row.open || card.maritalStatus === 'married') return [];
  const born = acceptedBirthDates(card, now);
  const [male, female] = card.gender === 'male' ? [sql`${id}`, sql`p.id`] : [sql`p.id`, sql`${id}`];
  const candidates = matchRowsSql(
    sql,
    sql`p.gender <> ${card.gender} AND p.sector_id = ${card.sectorID}
        AND p.birth_date BETWEEN to_timestamp(${born.from / 1000})::date AND to_timestamp(${born.to / 1000})::date
        AND ${openCard(sql)}
        AND ${visibleProfilesSql(sql, ctx)}
        AND NOT EXISTS (SELECT 1 FROM activity a WHERE a.male_profile_id = ${male} AND a.female_profile_id = ${female})
        AND NOT EXISTS (SELECT 1 FROM shidduch_idea s WHERE s.male_profile_id = ${male} AND s.female_profile_id = ${female})`,
  );
  const ranked = await sql<(MatchRow & {age: number; score: number})[]>`${rankedSql(sql, card, candidates, now, top)}`;
  // The reasons in words come from the rules themselves; the SQL twin only chose and ordered the rows.
  return ranked.flatMap(match => {
    const verdict = judgePair(card, matchCardOf(match), now);
    if (!verdict) return [];
    return [
      {
        id: match.id,
        forename: match.forename,
        surname: match.surname,
        gender: match.gender,
        age: match.age,
        city: match.city,
        score: verdict.score,
        reasons: verdict.reasons,
      },
    ];
  });
}

/**
 * GET /api/profiles/:id/suggestions → {matches}: the card's panel (app/suggestions), asked again as the
 * cards and their activities move. A card the user may not see is "not found", whatever it is.
 */
export function mountSuggestionRoutes(app: Hono<ApiEnv>, sql: Sql) {
  app.get('/api/profiles/:id/suggestions', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const matches = await suggestedMatches(sql, session.ctx, c.req.param('id'));
    if (!matches) return fail(c, 404, 'notFound', 'No such card');
    c.header('cache-control', 'no-store');
    return c.json({matches});
  });
}
