import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';
import type {ExportKind} from '../app/tables/exports.ts';
import {mayManageStaff} from './staff.ts';

/**
 * Who may export what (spec §6 "general Excel export", issue 16): exportToExcel for every kind, and
 * for the shadchanim also the right to see staff records (addShadchanim or editShadchanim), as their
 * screen asks; a report needs what its page needs (showTickets, or viewShadchanimReports for the
 * shadchanim report, issue 17). What each export holds is then narrowed by that entity's own read rule.
 */
export function mayExport(ctx: AuthContext | undefined, kind: ExportKind): boolean {
  if (!can(ctx, 'exportToExcel')) return false;
  switch (kind) {
    case 'shadchanim':
      return mayManageStaff(ctx);
    case 'report-shadchanim':
      return can(ctx, 'viewShadchanimReports');
    case 'report-activities':
    case 'report-couples':
    case 'report-cards':
      return can(ctx, 'showTickets');
    default:
      return true;
  }
}

/** A user's own export jobs, while they hold exportToExcel; anyone else's never. */
export function visibleExportJobs<R>(
  q: Query<'exportJob', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'exportJob', Schema, R> {
  return ctx && can(ctx, 'exportToExcel') ? q.where('ownerID', ctx.userID) : q.where('id', 'IS', null);
}
