import type {Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';

/**
 * A new activity opened for a call (the END_CALL prompt's "yes", spec §7) links the call to it, when the
 * call is the user's own. Someone else's call, or an unknown id, is left alone without a word, so the
 * answer tells nothing about other users' calls.
 */
export async function linkPhoneCall(
  tx: Transaction,
  ctx: AuthContext,
  phoneCallID: string | null | undefined,
  activityID: string,
) {
  if (!phoneCallID) return;
  const call = await tx.run(zql.phoneCall.where('id', phoneCallID).where('userID', ctx.userID).one());
  if (call) await tx.mutate.phoneCall.update({id: phoneCallID, activityID});
}
