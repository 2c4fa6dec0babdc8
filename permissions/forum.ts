import {can, type AuthContext} from './context.ts';

/**
 * The forum (spec §6 "Forum button"): the site's forum option must be on, and the user needs one of
 * showTickets, editTickets or forumAccess. The browser uses this to show the button, the server to
 * answer the unread count and news.
 */
export const canUseForum = (ctx: AuthContext | undefined, siteForumOn: boolean) =>
  siteForumOn && (can(ctx, 'showTickets') || can(ctx, 'editTickets') || can(ctx, 'forumAccess'));
