/**
 * Chats (issue 17, migrations/0045): conversations, their members with each one's read pointer, and
 * their messages. Read only through app/chats/queries.ts, which applies permissions/chats.ts.
 */
import {number, relationships, string, table} from '@rocicorp/zero';
import {profile} from './profiles.ts';
import {user} from './staff.ts';

export const chat = table('chat')
  .columns({
    id: string(),
    title: string().optional(),
    profileID: string().from('profile_id').optional(),
    createdBy: string().from('created_by'),
    createdAt: number().from('created_at'),
    lastMessageAt: number().from('last_message_at'),
  })
  .primaryKey('id');

export const chatMember = table('chatMember')
  .from('chat_member')
  .columns({
    chatID: string().from('chat_id'),
    userID: string().from('user_id'),
    unreadCount: number().from('unread_count'),
    lastReadAt: number().from('last_read_at').optional(),
  })
  .primaryKey('chatID', 'userID');

export const chatMessage = table('chatMessage')
  .from('chat_message')
  .columns({
    id: string(),
    chatID: string().from('chat_id'),
    authorID: string().from('author_id'),
    body: string(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

export const chatRelationships = relationships(chat, ({one, many}) => ({
  members: many({sourceField: ['id'], destField: ['chatID'], destSchema: chatMember}),
  messages: many({sourceField: ['id'], destField: ['chatID'], destSchema: chatMessage}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

export const chatMemberRelationships = relationships(chatMember, ({one}) => ({
  chat: one({sourceField: ['chatID'], destField: ['id'], destSchema: chat}),
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));

export const chatMessageRelationships = relationships(chatMessage, ({one}) => ({
  author: one({sourceField: ['authorID'], destField: ['id'], destSchema: user}),
}));
