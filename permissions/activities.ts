import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';
import {visibleProfiles} from './profiles.ts';
import {INSIDE_OR} from './exists.ts';

/**
 * The activities a user receives (issue 12): always those they entered; those on a card they may see;
 * and, with viewAllActivities, every shadchan's. Either side's card comes through visibleProfiles
 * wherever it is shown (`related`), so the other side's name reaches only a user who may see that card.
 */
export function visibleActivities<R>(
  q: Query<'activity', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'activity', Schema, R> {
  if (!ctx) return q.where('id', 'IS', null);
  if (can(ctx, 'viewAllActivities')) return q;
  return q.where(({or, cmp, exists}) =>
    or(
      cmp('createdBy', ctx.userID),
      exists('maleProfile', p => visibleProfiles(p, ctx), INSIDE_OR),
      exists('femaleProfile', p => visibleProfiles(p, ctx), INSIDE_OR),
    ),
  );
}

/** Who may change or delete an activity: its author, or an administrator. */
export const mayChangeActivity = (ctx: AuthContext, activity: {createdBy: string}) =>
  ctx.role === 'admin' || activity.createdBy === ctx.userID;
