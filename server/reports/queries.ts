import type {Fragment} from 'postgres';
import {
  NEGLECT_DAYS,
  type CardGroupDimension,
  type ActivityReportRow,
  type CouplesReport,
  type GenderCounts,
} from '../../app/reports/schema.ts';
import type {Labels} from '../../zero-schema.ts';
import {visibleActivitiesSql} from '../../permissions/activities-sql.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {maySeeShadchanFigures} from '../../permissions/scores.ts';
import {visibleCouplesSql} from '../../permissions/engaged-couples-sql.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';
import {listedProfilesSql} from '../candidates/count.ts';
import type {Sql} from '../db/sql.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';
import type {ReportFilters} from '../../app/tables/exports.ts';

/**
 * The reports' SQL (issue 17): aggregates over the rows the user's screens would show them, each read
 * through the shared read rules of permissions/*-sql.ts, so a report never counts what its reader may
 * not see. A community narrows to cards of it and to activities and couples with a card of it that
 * the reader may see (never a hidden card's community). Months are Israel's ('YYYY-MM').
 */

const monthOf = (sql: Sql, column: Fragment) => sql`to_char(${column} AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM')`;

/** `column` inside the window [from, until). */
function inWindow(sql: Sql, column: Fragment, f: ReportFilters): Fragment {
  const from = f.from === undefined ? sql`` : sql`AND ${column} >= ${new Date(f.from)}`;
  const until = f.until === undefined ? sql`` : sql`AND ${column} < ${new Date(f.until)}`;
  return sql`${from} ${until}`;
}

/** A row with one of these card columns on a card of the community that the reader may see. */
function ofCommunity(sql: Sql, ctx: AuthContext, community: string | undefined, sides: Fragment): Fragment {
  if (community === undefined) return sql``;
  return sql`AND EXISTS (SELECT 1 FROM profile p WHERE p.id IN (${sides}) AND p.community_id = ${community}
                         AND ${visibleProfilesSql(sql, ctx)})`;
}

/** The activities (`activity a`) a report counts: those the reader receives, created in the window, of the community. */
function reportedActivities(sql: Sql, ctx: AuthContext, f: ReportFilters): Fragment {
  return sql`${visibleActivitiesSql(sql, ctx)} ${inWindow(sql, sql`a.created_at`, f)}
             ${ofCommunity(sql, ctx, f.community, sql`a.male_profile_id, a.female_profile_id`)}`;
}

const stageCounts = (sql: Sql) => sql`
  count(*) FILTER (WHERE a.type = 'idea')::int AS idea,
  count(*) FILTER (WHERE a.type = 'suggestion')::int AS suggestion,
  count(*) FILTER (WHERE a.type = 'date')::int AS date,
  count(*) FILTER (WHERE a.type = 'vort')::int AS vort`;

/**
 * The funnel by shadchan and month. Only a reader with viewShadchanimReports sees each shadchan apart;
 * anyone else sees their own rows and one row per month for everyone else together (no name, no id).
 */
export function activityReportRows(sql: Sql, ctx: AuthContext, f: ReportFilters) {
  const named = maySeeShadchanFigures(ctx) ? sql`true` : sql`a.created_by = ${ctx.userID}`;
  return sql<ActivityReportRow[]>`
    SELECT CASE WHEN ${named} THEN a.created_by END AS "shadchanID",
           CASE WHEN ${named} THEN u.name END AS "shadchanName",
           ${monthOf(sql, sql`a.created_at`)} AS month,
           ${stageCounts(sql)}
      FROM activity a
      LEFT JOIN app_user u ON u.id = a.created_by
     WHERE ${reportedActivities(sql, ctx, f)}
     GROUP BY 1, 2, 3
     ORDER BY 3, 2 NULLS LAST, 1`;
}

/** Confirmed couples by the month of their confirmation, among the couples the reader sees. */
export function coupleMonths(sql: Sql, ctx: AuthContext, f: ReportFilters) {
  const at = sql`coalesce(ec.decided_at, ec.submitted_at)`;
  return sql<CouplesReport['months']>`
    SELECT ${monthOf(sql, at)} AS month, count(*)::int AS couples
      FROM engaged_couple ec
     WHERE ec.status = 'confirmed' AND ${visibleCouplesSql(sql, ctx)} ${inWindow(sql, at, f)}
           ${ofCommunity(sql, ctx, f.community, sql`ec.male_profile_id, ec.female_profile_id`)}
     GROUP BY 1
     ORDER BY 1`;
}

/** The live cards (`profile p`) the reader sees: not deleted, closed or pending; added in the window; of the community. */
function reportedCards(sql: Sql, ctx: AuthContext, f: ReportFilters): Fragment {
  const community = f.community === undefined ? sql`` : sql`AND p.community_id = ${f.community}`;
  return sql`${visibleProfilesSql(sql, ctx)} AND p.deleted_at IS NULL AND p.closed_at IS NULL
             AND p.state IN ('active', 'engaged') ${inWindow(sql, sql`p.created_at`, f)} ${community}`;
}

const genderCounts = (sql: Sql) => sql`
  count(*) FILTER (WHERE p.gender = 'male')::int AS male,
  count(*) FILTER (WHERE p.gender = 'female')::int AS female`;

/** Whole years of age on Israel's today. */
const ageOf = (sql: Sql) => sql`date_part('year', age((now() AT TIME ZONE 'Asia/Jerusalem')::date, p.birth_date))::int`;

/**
 * One query for the three breakdowns of the cards, each row tagged with its dimension (so the export
 * streams it as one sheet): sectors by their sort, communities by name, ages ascending.
 */
export type CardGroupRow = GenderCounts & {
  dimension: CardGroupDimension;
  id: string | null;
  labels: Labels | null;
  name: string | null;
  age: number | null;
};
export function cardGroups(sql: Sql, ctx: AuthContext, f: ReportFilters) {
  const cards = reportedCards(sql, ctx, f);
  return sql<CardGroupRow[]>`
    SELECT * FROM (
      SELECT 'sector' AS dimension, 1 AS part, p.sector_id AS id, s.labels, NULL::text AS name, NULL::int AS age,
             min(s.sort) AS sort, ${genderCounts(sql)}
        FROM profile p LEFT JOIN sector s ON s.id = p.sector_id
       WHERE ${cards} GROUP BY p.sector_id, s.labels
      UNION ALL
      SELECT 'community', 2, p.community_id, NULL, c.name, NULL, min(c.sort), ${genderCounts(sql)}
        FROM profile p LEFT JOIN community c ON c.id = p.community_id
       WHERE ${cards} GROUP BY p.community_id, c.name
      UNION ALL
      SELECT 'age', 3, NULL, NULL, NULL, ${ageOf(sql)}, ${ageOf(sql)}, ${genderCounts(sql)}
        FROM profile p
       WHERE ${cards} AND p.birth_date IS NOT NULL GROUP BY ${ageOf(sql)}
    ) g
    ORDER BY part, sort NULLS LAST, name NULLS LAST, id NULLS LAST`;
}

/** Open cards (the candidate list's "open now"), of the community; with `idleDays`, those idle that long (needs attention). */
function openCards(sql: Sql, ctx: AuthContext, f: ReportFilters, idleDays?: number, now = new Date()): Fragment {
  const filters: FilterSet = {
    openNow: true,
    ...(f.community === undefined ? {} : {communities: [f.community]}),
    ...(idleDays === undefined ? {} : {idleDays}),
  };
  return listedProfilesSql(sql, ctx, filters, now);
}

/**
 * Each shadchan (administrators, shadchanim and coordinators, by name): their activities in the
 * window by type, their load (the open cards they own) and how many of those are neglected (idle
 * `idleDays`, NEGLECT_DAYS by default), all
 * among what the reader sees. The caller checks viewShadchanimReports.
 */
export type ShadchanRow = {
  id: string;
  name: string;
  idea: number;
  suggestion: number;
  date: number;
  vort: number;
  load: number;
  neglected: number;
};
export function shadchanRows(sql: Sql, ctx: AuthContext, f: ReportFilters) {
  return sql<ShadchanRow[]>`
    SELECT u.id, u.name, act.idea, act.suggestion, act.date, act.vort, own.load, idle.neglected
      FROM app_user u
     CROSS JOIN LATERAL (SELECT ${stageCounts(sql)} FROM activity a
                          WHERE a.created_by = u.id AND ${reportedActivities(sql, ctx, f)}) act
     CROSS JOIN LATERAL (SELECT count(*)::int AS load FROM profile p
                          WHERE p.owner_id = u.id AND ${openCards(sql, ctx, f)}) own
     CROSS JOIN LATERAL (SELECT count(*)::int AS neglected FROM profile p
                          WHERE p.owner_id = u.id AND ${openCards(sql, ctx, f, f.idleDays ?? NEGLECT_DAYS)}) idle
     WHERE u.role IN ('admin', 'shadchan', 'coordinator')
     ORDER BY u.name, u.id`;
}

/** The neglected cards themselves, longest idle first (never active first): only cards the reader sees. */
export function neglectedCards(sql: Sql, ctx: AuthContext, f: ReportFilters, limit: number) {
  return sql<Array<{id: string; name: string; ownerID: string | null; ownerName: string | null; lastActivityAt: Date | null}>>`
    SELECT p.id, p.forename || ' ' || p.surname AS name, p.owner_id AS "ownerID", u.name AS "ownerName",
           p.last_activity_at AS "lastActivityAt"
      FROM profile p
      LEFT JOIN app_user u ON u.id = p.owner_id
     WHERE ${openCards(sql, ctx, f, f.idleDays ?? NEGLECT_DAYS)}
     ORDER BY p.last_activity_at NULLS FIRST, p.id
     LIMIT ${limit}`;
}
