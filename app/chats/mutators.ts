import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertLoggedIn, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {visibleChats} from '../../permissions/chats.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {chatCreateSchema, chatReadSchema, chatSendSchema, type ChatCreate, type ChatSend} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * A conversation the user is a member of, or notFound: a refusal reveals none. The server decides (the
 * browser may not hold the conversation yet); in the browser the write is only optimistic, and the
 * server's refusal takes it back.
 */
async function assertMember(tx: Transaction, ctx: AuthContext, chatID: string) {
  if (tx.location !== 'server') return;
  if (!(await tx.run(visibleChats(zql.chat, ctx).where('id', chatID).one()))) throw new AppError('notFound');
}

/** The card a new conversation is about must be one the creator sees (decided on the server, as above). */
async function assertSeesCard(tx: Transaction, ctx: AuthContext, profileID: string | null) {
  if (tx.location !== 'server' || !profileID) return;
  if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', profileID).one()))) throw new AppError('notFound');
}

/** An id the browser made up must be new; checked only after the rights. */
async function assertNewIDs(tx: Transaction, chatID: string | undefined, messageID: string) {
  const taken =
    (chatID !== undefined && (await tx.run(zql.chat.where('id', chatID).one()))) ||
    (await tx.run(zql.chatMessage.where('id', messageID).one()));
  if (taken) throw new AppError('invalidInput');
}

/**
 * Starts a conversation with its first message. Anyone signed in may; one about a card needs the creator
 * to see the card. `assertMembers` (the server's) checks the chosen members against every user: the
 * browser holds only part of them. The others start with the first message unread.
 */
export async function createChat(
  {tx, ctx, args}: Write<ChatCreate>,
  now: number,
  assertMembers: (memberIDs: string[]) => Promise<void> = async () => {},
) {
  assertLoggedIn(ctx);
  await assertSeesCard(tx, ctx, args.profileID);
  const others = [...new Set(args.memberIDs)].filter(id => id !== ctx.userID);
  if (others.length === 0) throw new AppError('invalidInput', [{field: 'memberIDs', message: 'chooseMembers'}]);
  await assertMembers(others);
  await assertNewIDs(tx, args.id, args.messageID);
  // A name is for a group: one-to-one, the other member's name stands for the conversation.
  const title = others.length > 1 ? args.title : null;
  await tx.mutate.chat.insert({
    id: args.id,
    title,
    profileID: args.profileID,
    createdBy: ctx.userID,
    createdAt: now,
    lastMessageAt: now,
  });
  await tx.mutate.chatMember.insert({chatID: args.id, userID: ctx.userID, unreadCount: 0, lastReadAt: now});
  for (const userID of others) await tx.mutate.chatMember.insert({chatID: args.id, userID, unreadCount: 1, lastReadAt: null});
  await tx.mutate.chatMessage.insert({
    id: args.messageID,
    chatID: args.id,
    authorID: ctx.userID,
    body: args.body,
    createdAt: now,
  });
}

/**
 * A member's message. The sender has read everything up to it; `countUnread` (the server's) adds it to
 * the other members' unread counts in one statement, so two messages at once both count.
 */
export async function sendMessage(
  {tx, ctx, args}: Write<ChatSend>,
  now: number,
  countUnread: (chatID: string, senderID: string) => Promise<void> = async () => {},
) {
  assertLoggedIn(ctx);
  await assertMember(tx, ctx, args.chatID);
  await assertNewIDs(tx, undefined, args.id);
  await tx.mutate.chatMessage.insert({id: args.id, chatID: args.chatID, authorID: ctx.userID, body: args.body, createdAt: now});
  await tx.mutate.chat.update({id: args.chatID, lastMessageAt: now});
  await tx.mutate.chatMember.update({chatID: args.chatID, userID: ctx.userID, unreadCount: 0, lastReadAt: now});
  await countUnread(args.chatID, ctx.userID);
}

/** The member's read pointer moves to now and their unread count to nothing. */
export async function markChatRead({tx, ctx, args}: Write<{chatID: string}>, now: number) {
  assertLoggedIn(ctx);
  await assertMember(tx, ctx, args.chatID);
  await tx.mutate.chatMember.update({chatID: args.chatID, userID: ctx.userID, unreadCount: 0, lastReadAt: now});
}

/** Chats (issue 17). server/chats/mutators.ts adds the checks and counts that need the whole database. */
export const chatMutators = {
  create: defineMutator(chatCreateSchema, opts => createChat(opts, Date.now())),
  send: defineMutator(chatSendSchema, opts => sendMessage(opts, Date.now())),
  markRead: defineMutator(chatReadSchema, opts => markChatRead(opts, Date.now())),
};
