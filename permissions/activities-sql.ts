import type {Fragment} from 'postgres';
import type {Sql} from '../server/db/sql.ts';
import {can, type AuthContext} from './context.ts';
import {visibleProfilesSql} from './profiles-sql.ts';

/**
 * The SQL twin of visibleActivities (permissions/activities.ts) over `activity a`, for the Excel export:
 * one's own, those on a card one may see, every one with viewAllActivities. THE TWO MUST AGREE:
 * tests/pg/exports.pg.test.ts compares them activity by activity.
 */
export function visibleActivitiesSql(sql: Sql, ctx: AuthContext | undefined): Fragment {
  if (!ctx) return sql`false`;
  if (can(ctx, 'viewAllActivities')) return sql`true`;
  return sql`(a.created_by = ${ctx.userID}
              OR EXISTS (SELECT 1 FROM profile p WHERE p.id = a.male_profile_id AND ${visibleProfilesSql(sql, ctx)})
              OR EXISTS (SELECT 1 FROM profile p WHERE p.id = a.female_profile_id AND ${visibleProfilesSql(sql, ctx)}))`;
}

/** A side's name ("forename surname") where this user may see its card, else null: as the activity screens name it. */
export function visibleSideNameSql(sql: Sql, ctx: AuthContext, column: 'male_profile_id' | 'female_profile_id'): Fragment {
  return sql`(SELECT p.forename || ' ' || p.surname FROM profile p
               WHERE p.id = a.${sql(column)} AND ${visibleProfilesSql(sql, ctx)})`;
}
