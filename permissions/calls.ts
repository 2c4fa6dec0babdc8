import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';

/**
 * The phone-proxy calls a user receives (issue 12 §5, the calls list): their own; every shadchan's with
 * viewAllActivities (administrators and coordinators, who also see every activity). The caller's card
 * and the linked activity come through their own read rules wherever a call shows them (`related`).
 */
export function visibleCalls<R>(q: Query<'phoneCall', Schema, R>, ctx: AuthContext | undefined): Query<'phoneCall', Schema, R> {
  if (!ctx) return q.where('id', 'IS', null);
  return can(ctx, 'viewAllActivities') ? q : q.where('userID', ctx.userID);
}
