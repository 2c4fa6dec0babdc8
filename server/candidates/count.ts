import type {Hono} from 'hono';
import type {Fragment} from 'postgres';
import * as v from 'valibot';
import {filterConditions} from '../../app/candidates/search/conditions.ts';
import {filterSetSchema} from '../../app/candidates/search/filters.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';
import {allowedFilters} from '../../permissions/search.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {limitBody, fail, readBody} from '../http/body.ts';
import {conditionSql} from './count-sql.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

const countBodySchema = v.object({filters: filterSetSchema});

/**
 * The cards of the candidate list a filter set matches, as SQL over `profile p`: the cards this user
 * sees (visibleProfilesSql, the twin of the list's visibleProfiles), without the deleted and the
 * pending (as the list), narrowed by the same conditions the list's ZQL is built from. The count and
 * the Excel export (server/exports/sheets/profiles.ts) both read it.
 */
export function listedProfilesSql(sql: Sql, ctx: AuthContext, filters: FilterSet, now = new Date()): Fragment {
  // One AND of every condition (`true` when there are none): postgres.js sends an empty array of
  // fragments as a parameter, not as nothing.
  const matches = conditionSql(sql, {type: 'and', conditions: filterConditions(filters, now)});
  return sql`${visibleProfilesSql(sql, ctx)} AND p.deleted_at IS NULL AND p.state <> 'pending' AND ${matches}`;
}

/** How many cards of the candidate list a filter set matches. */
export function countQuery(sql: Sql, ctx: AuthContext, filters: FilterSet, now = new Date()) {
  return sql<{count: number}[]>`SELECT count(*)::int AS count FROM profile p WHERE ${listedProfilesSql(sql, ctx, filters, now)}`;
}

export async function countCandidates(sql: Sql, ctx: AuthContext, filters: FilterSet, now = new Date()): Promise<number> {
  const [row] = await countQuery(sql, ctx, filters, now);
  return row!.count;
}

/**
 * POST /api/candidates/count {filters} → {count}: the list's total (app/candidates/search/use-count.ts
 * asks again on every pulse). An invalid filter set is a 400 with its field issues; the free builder's
 * tree without freeFiltering a 403.
 */
export function mountCandidateCountRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const small = limitBody();
  app.post('/api/candidates/count', small, async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const body = await readBody(c, countBodySchema);
    if (body instanceof Response) return body;
    const filters = allowedFilters(body.filters, session.ctx);
    if (!filters) return fail(c, 403, 'forbidden', 'Free filtering needs the free filtering permission');
    return c.json({count: await countCandidates(sql, session.ctx, filters)});
  });
}
