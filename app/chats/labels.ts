import * as m from '../paraglide/messages.js';

type Member = {userID: string; user?: {name: string} | undefined};

/** The other members, by name: who a conversation is with, as its title says when it has no name. */
export const otherNames = (members: readonly Member[], me: string) =>
  members
    .filter(member => member.userID !== me)
    .map(member => member.user?.name ?? '')
    .filter(Boolean)
    .join(', ');

/** A conversation's title: a group's name, or the other members' names. */
export const chatName = (chat: {title?: string | null | undefined; members: readonly Member[]}, me: string) =>
  chat.title || otherNames(chat.members, me) || m.section_chat();

/** The user's own unread count in a conversation. */
export const unreadOf = (members: readonly {userID: string; unreadCount: number}[], me: string) =>
  members.find(member => member.userID === me)?.unreadCount ?? 0;
