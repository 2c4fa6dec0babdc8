import {defineMutator, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type PresenceMode} from '../../../zero-schema.ts';
import {assertCan, assertLoggedIn, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {id} from '../../lib/schema-parts.ts';

/**
 * Presence on a card: who else has it open right now, viewing or editing. An open card page beats
 * every PRESENCE_BEAT_MS while its tab is visible and leaves when it closes; a row not refreshed for
 * PRESENCE_FRESH_MS no longer counts (a crashed tab fades out without anyone writing), and the server
 * sweeps rows older than PRESENCE_SWEEP_MS on every beat.
 */
export const PRESENCE_MODES = ['view', 'edit'] as const satisfies readonly PresenceMode[];
export const PRESENCE_BEAT_MS = 15_000;
export const PRESENCE_FRESH_MS = 40_000;
export const PRESENCE_SWEEP_MS = 5 * 60_000;
/** At most this many stale rows are swept by one beat, so a beat stays cheap whatever piled up. */
const SWEEP_BATCH = 100;

export const presenceBeatSchema = v.object({profileID: id, mode: v.picklist(PRESENCE_MODES, 'required')});
export const presenceLeaveSchema = v.object({profileID: id});
export type PresenceBeat = v.InferOutput<typeof presenceBeatSchema>;

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * "I am here": upserts the user's row for a card they may see, stamped `now` (the server's clock on
 * the server). Editing needs editTickets; the card's visibility is checked like every card write, and
 * an invisible card is notFound, so a beat does not reveal whether it exists.
 */
export async function beatPresence({tx, ctx, args}: Write<PresenceBeat>, now: number) {
  assertCan(ctx, args.mode === 'edit' ? 'editTickets' : 'showTickets');
  if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.profileID).one()))) throw new AppError('notFound');
  // One row per user: a tab that only views the card does not turn the user's editing tab, still
  // beating, into "viewing" for the others (issue 31). Once that tab stops beating, viewing shows again.
  if (args.mode === 'view') {
    const mine = await tx.run(zql.cardPresence.where('profileID', args.profileID).where('userID', ctx.userID).one());
    if (mine?.mode === 'edit' && mine.seenAt > now - PRESENCE_BEAT_MS - 5_000) return;
  }
  await tx.mutate.cardPresence.upsert({profileID: args.profileID, userID: ctx.userID, mode: args.mode, seenAt: now});
}

/** Removes presence rows nobody has refreshed for PRESENCE_SWEEP_MS (tabs that never said goodbye). */
export async function sweepPresence(tx: Transaction, now: number) {
  const stale = await tx.run(zql.cardPresence.where('seenAt', '<', now - PRESENCE_SWEEP_MS).limit(SWEEP_BATCH));
  for (const row of stale) await tx.mutate.cardPresence.delete({profileID: row.profileID, userID: row.userID});
}

export const presenceMutators = {
  beat: defineMutator(presenceBeatSchema, opts => beatPresence(opts, Date.now())),
  /** "I left": only ever the user's own row, so it needs no look at the card. */
  leave: defineMutator(presenceLeaveSchema, async ({tx, ctx, args}) => {
    assertLoggedIn(ctx);
    await tx.mutate.cardPresence.delete({profileID: args.profileID, userID: ctx.userID});
  }),
};
