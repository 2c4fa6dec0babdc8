import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';

type SavedSearchQuery<R> = Query<'savedSearch', Schema, R>;

/**
 * The saved searches a user may see (issue 14): their own and those shared with all staff, and only
 * for staff who see cards (showTickets: a search is a window on cards). Another user's private search
 * never reaches them. Anyone else gets a filter that matches nothing (a primary key is never null).
 */
export function visibleSavedSearches<R>(q: SavedSearchQuery<R>, ctx: AuthContext | undefined): SavedSearchQuery<R> {
  if (!ctx || !can(ctx, 'showTickets')) return q.where('id', 'IS', null);
  return q.where(({or, cmp}) => or(cmp('ownerID', ctx.userID), cmp('shared', true)));
}

/** Who may delete a search: its owner, or an administrator a shared one (a private one stays its owner's alone). */
export const mayDeleteSavedSearch = (ctx: AuthContext, search: {ownerID: string; shared: boolean}) =>
  search.ownerID === ctx.userID || (search.shared && ctx.role === 'admin');
