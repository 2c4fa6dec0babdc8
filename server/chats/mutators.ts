import {defineMutator, type Transaction} from '@rocicorp/zero';
import {createChat, markChatRead, sendMessage} from '../../app/chats/mutators.ts';
import {chatCreateSchema, chatReadSchema, chatSendSchema} from '../../app/chats/schema.ts';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {pgOf} from '../db/sql.ts';

/**
 * The chosen members against every user: each must be an approved, unblocked user. Whether a member may
 * see the card a conversation is about is not asked: the answer would tell the creator what another
 * user may see (issue 33). Such a member receives the conversation without the card (permissions/chats.ts).
 */
async function assertMembers(tx: Transaction, memberIDs: string[]) {
  for (const userID of memberIDs) {
    const user = await tx.run(
      zql.user.where('id', userID).where('role', '!=', 'blocked').where('approvedAt', 'IS NOT', null).one(),
    );
    if (!user) throw new AppError('userUnknown', [{field: 'memberIDs', message: 'unknownOption'}]);
  }
}

/** The server's chat writes: the shared mutators, with the members checked and the unread counts kept in SQL. */
export const chatServerMutators = {
  create: defineMutator(chatCreateSchema, opts => createChat(opts, Date.now(), memberIDs => assertMembers(opts.tx, memberIDs))),
  send: defineMutator(chatSendSchema, opts =>
    sendMessage(opts, Date.now(), async (chatID, senderID) => {
      await pgOf(
        opts.tx,
      )`UPDATE chat_member SET unread_count = unread_count + 1 WHERE chat_id = ${chatID} AND user_id <> ${senderID}`;
    }),
  ),
  markRead: defineMutator(chatReadSchema, opts => markChatRead(opts, Date.now())),
};
