import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';

type ProfileQuery<R> = Query<'profile', Schema, R>;

/**
 * Narrows any profile query to the rows this user may see. Every query that touches profiles goes
 * through it, on the server (authoritative) and in the browser (optimistic).
 * - admin: everything;
 * - with showTickets: the general database, plus the user's own personal database;
 * - otherwise: nothing (an impossible filter, not a throw, so the query simply returns no rows).
 * Closed and deleted profiles are hidden from everyone without showDeletedProfiles (spec §4).
 */
export function visibleProfiles<R>(q: ProfileQuery<R>, ctx: AuthContext | undefined): ProfileQuery<R> {
  // The primary key is never null: a filter that matches nothing on both SQLite and Postgres.
  if (!ctx || !can(ctx, 'showTickets')) return q.where('id', 'IS', null);
  const own = ctx.role === 'admin' ? q : q.where(({or, cmp}) => or(cmp('database', 'general'), cmp('ownerID', ctx.userID)));
  return can(ctx, 'showDeletedProfiles') ? own : own.where('deletedAt', 'IS', null).where('closedAt', 'IS', null);
}
