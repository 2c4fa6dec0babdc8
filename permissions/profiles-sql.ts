import type {Fragment} from 'postgres';
import type {Sql} from '../server/db/sql.ts';
import {can, type AuthContext} from './context.ts';

/**
 * The SQL twin of visibleProfiles (permissions/profiles.ts) for counts over REST, over `profile p`.
 * THE TWO MUST AGREE: a change to one is a change to the other, and tests/pg/candidate-search.pg.test.ts
 * compares them card by card (the list's ids against the count) for every kind of hidden card.
 */
export function visibleProfilesSql(sql: Sql, ctx: AuthContext | undefined): Fragment {
  if (!ctx || !can(ctx, 'showTickets')) return sql`false`;
  const me = ctx.userID;
  const notPending = can(ctx, 'authorizeTemporaryProfiles') ? sql`` : sql`AND p.state <> 'pending'`;
  const inCare = (column: 'community_id' | 'institution_id') =>
    sql`EXISTS (SELECT 1 FROM representative r WHERE r.${sql(column)} = p.${sql(column)}
                AND r.user_id = ${me} AND r.retired_at IS NULL)`;
  const seen =
    ctx.role === 'admin'
      ? sql`true`
      : ctx.role === 'representative'
        ? sql`(p.database = 'general' AND (${inCare('community_id')} OR ${inCare('institution_id')}) ${notPending})`
        : sql`(p.owner_id = ${me}
               ${
                 can(ctx, 'authorizeTemporaryProfiles') || ctx.role !== 'coordinator'
                   ? sql``
                   : sql`OR (p.state = 'pending' AND p.database = 'general' AND EXISTS (
                           SELECT 1 FROM app_user u
                            WHERE (u.community_id = p.community_id OR u.institution_id = p.institution_id)
                              AND u.id = ${me} AND u.role = 'coordinator'))`
               }
               OR (p.database = 'general'
                   AND (p.visibility = 'all'
                        OR EXISTS (SELECT 1 FROM profile_viewer v WHERE v.profile_id = p.id AND v.user_id = ${me}))
                   ${notPending}))`;
  return can(ctx, 'showDeletedProfiles')
    ? seen
    : sql`(${seen} AND p.deleted_at IS NULL AND p.closed_at IS NULL AND p.state <> 'blocked')`;
}
