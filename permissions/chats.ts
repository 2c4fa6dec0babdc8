import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';
import {INSIDE_OR} from './exists.ts';
import {visibleProfiles} from './profiles.ts';

type ChatQuery<R> = Query<'chat', Schema, R>;

/**
 * The conversations a user receives (issue 17): only those they are a member of, and one about a card
 * only while they may see that card (permissions/profiles.ts), so a conversation never reveals a card.
 * Nobody else's conversation ever matches, the administrator's included: chats are private to their
 * members. Signed out or blocked: a filter that matches nothing (a primary key is never null).
 */
export function visibleChats<R>(q: ChatQuery<R>, ctx: AuthContext | undefined): ChatQuery<R> {
  if (!ctx || ctx.role === 'blocked') return q.where('id', 'IS', null);
  return q
    .whereExists('members', m => m.where('userID', ctx.userID))
    .where(({or, cmp, exists}) =>
      or(
        cmp('profileID', 'IS', null),
        exists('profile', p => visibleProfiles(p, ctx), INSIDE_OR),
      ),
    );
}
