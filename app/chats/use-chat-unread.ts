import {useQuery} from '@rocicorp/zero/react';
import {chatQueries} from './queries.ts';

/** The user's unread chat messages in all: the menu's badge and the shell's notice (live). */
export function useChatUnread(): number {
  const [rows] = useQuery(chatQueries.unread());
  return rows.reduce((sum, row) => sum + row.unreadCount, 0);
}
