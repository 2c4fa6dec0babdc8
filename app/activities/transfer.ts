import {defineMutator, type Row, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type Gender, type Schema} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {mayChangeActivity, visibleActivities} from '../../permissions/activities.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {recordHistory, visibleCard} from '../candidates/card/mutators.ts';
import {id} from '../lib/schema-parts.ts';

/**
 * Transfer of activities to another profile (spec §2; §4: it cannot be undone): the chosen activities
 * of one card move, on that card's side, to another card of the same gender. Both cards' histories
 * record it as one entry: which activities (their codes), from which card to which.
 */

/** The history field a transfer is recorded under; its new value is a TransferRecord. */
export const TRANSFER_FIELD = 'activitiesTransferred';
export type TransferRecord = {from: string; to: string; codes: string[]};

export const transferSchema = v.pipe(
  v.object({
    fromID: id,
    toID: id,
    activityIDs: v.pipe(v.array(id), v.minLength(1, 'required'), v.maxLength(200, 'tooLong')),
  }),
  v.forward(
    v.check(t => t.fromID !== t.toID, 'transferSameCard'),
    ['toID'],
  ),
);
export type TransferArgs = v.InferOutput<typeof transferSchema>;

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
type ProfileRow = Row<Schema['tables']['profile']>;

/** The activity's column that holds a card of this gender (candidate A is the man, B the woman). */
export const sideOf = (gender: Gender) => (gender === 'male' ? 'maleProfileID' : 'femaleProfileID');

/** One history entry on the card: a revision of its own, like every other change of the card. */
async function recordTransfer(tx: Transaction, ctx: AuthContext, card: ProfileRow, record: TransferRecord, now: number) {
  const revision = card.revision + 1;
  await tx.mutate.profile.update({id: card.id, revision, updatedAt: now});
  await recordHistory(tx, ctx, card.id, revision, [[TRANSFER_FIELD, null, record]], now);
}

/**
 * Moves the activities. Rights first (editTickets, then both cards visible: a hidden card and a missing
 * one get the same notFound), then the target's gender, then each activity: visible to the user and on
 * the source card, else notFound for all of them; and the user's to change (its author, or an
 * administrator: moving it is changing it), else forbidden. Nothing is written until everything passed. The
 * activities keep their own times (a transfer is not work on the match), so the database's trigger
 * recomputes both cards' last activity and last suggestion from what each card now holds.
 */
export async function transferActivities({tx, ctx, args}: Write<TransferArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  const from = await visibleCard(tx, ctx, args.fromID);
  const to = await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.toID).one());
  if (!to) throw new AppError('notFound', [{field: 'toID', message: 'notFound'}]);
  if (to.gender !== from.gender) throw new AppError('invalidInput', [{field: 'toID', message: 'transferWrongGender'}]);

  const side = sideOf(from.gender);
  const moving = [];
  for (const activityID of new Set(args.activityIDs)) {
    const activity = await tx.run(visibleActivities(zql.activity, ctx).where('id', activityID).one());
    if (!activity || activity[side] !== from.id) throw new AppError('notFound', [{field: 'activityIDs', message: 'notFound'}]);
    if (!mayChangeActivity(ctx, activity)) throw new AppError('forbidden', [{field: 'activityIDs', message: 'transferNotYours'}]);
    moving.push(activity);
  }
  for (const activity of moving) await tx.mutate.activity.update({id: activity.id, [side]: to.id});

  // The browser's optimistic activity may not have its code yet (the database numbers it); the
  // server's entry, which replaces the optimistic one, always has them.
  const codes = moving.map(a => a.code ?? '').sort((a, b) => a.localeCompare(b, undefined, {numeric: true}));
  const record: TransferRecord = {from: from.id, to: to.id, codes};
  await recordTransfer(tx, ctx, from, record, now);
  await recordTransfer(tx, ctx, to, record, now);
}

export const transferMutator = defineMutator(transferSchema, opts => transferActivities(opts, Date.now()));
