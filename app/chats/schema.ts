import * as v from 'valibot';
import {id, text} from '../lib/schema-parts.ts';

/** A group's name, as the list shows it on one line. */
export const CHAT_TITLE_MAX = 80;
/** One message: a few paragraphs, no more (the database holds the same limit). */
export const MESSAGE_MAX = 2000;
/** The most members a conversation starts with besides its creator. */
export const MEMBERS_MAX = 50;

const body = text(MESSAGE_MAX);

/**
 * A new conversation (issue 17): the staff members it is with (one: one-to-one; more: a group, which may
 * have a name), optionally the card it is about, and its first message, so no conversation is ever empty.
 * Issue messages are message keys (app/lib/field-errors.ts).
 */
export const chatCreateSchema = v.object({
  id,
  title: v.nullable(text(CHAT_TITLE_MAX)),
  memberIDs: v.pipe(v.array(id, 'invalidInput'), v.minLength(1, 'chooseMembers'), v.maxLength(MEMBERS_MAX, 'tooLong')),
  profileID: v.nullable(id),
  messageID: id,
  body,
});
export type ChatCreate = v.InferOutput<typeof chatCreateSchema>;

/** A message to a conversation the sender is a member of. */
export const chatSendSchema = v.object({id, chatID: id, body});
export type ChatSend = v.InferOutput<typeof chatSendSchema>;

/** Opening a conversation marks it read, for the one who opened it. */
export const chatReadSchema = v.object({chatID: id});
