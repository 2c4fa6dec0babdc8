import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';

type ChatQuery<R> = Query<'chat', Schema, R>;

/**
 * The conversations a user receives (issue 17): only those they are a member of. Nobody else's
 * conversation ever matches, the administrator's included: chats are private to their members.
 * One about a card reaches every member, whether or not they may see the card (issue 33): who may see it
 * is no business of the other members; the card itself (its name, its link) comes only through
 * visibleProfiles wherever a query relates it. Signed out or blocked: a filter that matches nothing (a
 * primary key is never null).
 */
export function visibleChats<R>(q: ChatQuery<R>, ctx: AuthContext | undefined): ChatQuery<R> {
  if (!ctx || ctx.role === 'blocked') return q.where('id', 'IS', null);
  return q.whereExists('members', m => m.where('userID', ctx.userID));
}
