import {defineMutator, type Transaction} from '@rocicorp/zero';
import {createChat, markChatRead, sendMessage} from '../../app/chats/mutators.ts';
import {chatCreateSchema, chatReadSchema, chatSendSchema} from '../../app/chats/schema.ts';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {pgOf} from '../db/sql.ts';

/**
 * The chosen members against every user: each must be an approved, unblocked user; and in a conversation
 * about a card, each must see that card themself (by their own rights), so the conversation shows no one
 * a card they may not open. The creator sees the card (checked before), so naming the field tells them
 * nothing new.
 */
async function assertMembers(tx: Transaction, profileID: string | null, memberIDs: string[]) {
  for (const userID of memberIDs) {
    const user = await tx.run(
      zql.user.where('id', userID).where('role', '!=', 'blocked').where('approvedAt', 'IS NOT', null).related('detail').one(),
    );
    if (!user) throw new AppError('userUnknown', [{field: 'memberIDs', message: 'unknownOption'}]);
    if (!profileID) continue;
    const theirs: AuthContext = {
      userID,
      role: user.role,
      permissions: effectivePermissions(user.role, user.detail?.permissions, user.detail?.withheld),
    };
    if (!(await tx.run(visibleProfiles(zql.profile, theirs).where('id', profileID).one()))) {
      throw new AppError('invalidInput', [{field: 'memberIDs', message: 'chatMemberCannotSeeCard'}]);
    }
  }
}

/** The server's chat writes: the shared mutators, with the members checked and the unread counts kept in SQL. */
export const chatServerMutators = {
  create: defineMutator(chatCreateSchema, opts =>
    createChat(opts, Date.now(), memberIDs => assertMembers(opts.tx, opts.args.profileID, memberIDs)),
  ),
  send: defineMutator(chatSendSchema, opts =>
    sendMessage(opts, Date.now(), async (chatID, senderID) => {
      await pgOf(
        opts.tx,
      )`UPDATE chat_member SET unread_count = unread_count + 1 WHERE chat_id = ${chatID} AND user_id <> ${senderID}`;
    }),
  ),
  markRead: defineMutator(chatReadSchema, opts => markChatRead(opts, Date.now())),
};
