import {defineQuery, type Query} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type Schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleChats} from '../../permissions/chats.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {id} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** More conversations than anyone keeps open: "my chats" lists them all, the latest first. */
const LIST_LIMIT = 200;
/** A conversation shows its latest messages; older ones are history nobody scrolls to in a chat. */
export const MESSAGES_SHOWN = 200;

/** A conversation as the lists show it: its members (with names), its card (if seen) and its latest message. */
function listed<R>(q: Query<'chat', Schema, R>, ctx: AuthContext | undefined) {
  return q
    .related('members', m => m.related('user', u => u.one()))
    .related('profile', p => visibleProfiles(p, ctx).one())
    .related('messages', m => m.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1))
    .orderBy('lastMessageAt', 'desc')
    .orderBy('id', 'desc');
}

export const chatQueries = namedQueries('chats', {
  /** "My chats": the conversations the user is a member of. */
  list: defineQuery(({ctx}) => listed(visibleChats(zql.chat, ctx), ctx).limit(LIST_LIMIT)),

  /** The conversations about one card that the user is in (the card's side panel). */
  forCard: defineQuery(v.object({profileID: id}), ({args, ctx}) =>
    listed(visibleChats(zql.chat, ctx).where('profileID', args.profileID), ctx).limit(LIST_LIMIT),
  ),

  /** One conversation with its latest messages (newest first) and their authors. */
  chat: defineQuery(v.object({id}), ({args, ctx}) =>
    visibleChats(zql.chat, ctx)
      .where('id', args.id)
      .related('members', m => m.related('user', u => u.one()))
      .related('profile', p => visibleProfiles(p, ctx).one())
      .related('messages', m =>
        m
          .related('author', a => a.one())
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(MESSAGES_SHOWN),
      )
      .one(),
  ),

  /**
   * The user's own memberships with something unread: the menu's badge and the shell's notice add them
   * up. One small row per conversation, only of conversations the user still receives.
   */
  unread: defineQuery(({ctx}) =>
    zql.chatMember
      .where('userID', ctx?.userID ?? '')
      .where('unreadCount', '>', 0)
      .whereExists('chat', c => visibleChats(c, ctx))
      .limit(LIST_LIMIT),
  ),

  /** Whom a conversation can be with: every approved user who is not blocked, by name. */
  people: defineQuery(({ctx}) =>
    (ctx ? zql.user : zql.user.where('id', 'IS', null))
      .where('role', '!=', 'blocked')
      .where('approvedAt', 'IS NOT', null)
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(1000),
  ),
});
