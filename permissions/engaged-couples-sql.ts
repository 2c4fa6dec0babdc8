import type {Fragment} from 'postgres';
import type {Sql} from '../server/db/sql.ts';
import {can, type AuthContext} from './context.ts';

/**
 * The SQL twin of visibleCouples (permissions/engaged-couples.ts) over `engaged_couple ec`, for the
 * Excel export: every couple for an editor, one's own reports for anyone else. THE TWO MUST AGREE:
 * tests/pg/exports.pg.test.ts compares them.
 */
export function visibleCouplesSql(sql: Sql, ctx: AuthContext | undefined): Fragment {
  if (!ctx) return sql`false`;
  return can(ctx, 'editEngagedCouples') ? sql`true` : sql`ec.submitted_by_user = ${ctx.userID}`;
}
