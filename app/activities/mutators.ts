import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, assertLoggedIn, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {mayChangeActivity, visibleActivities} from '../../permissions/activities.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {linkPhoneCall} from '../calls/link.ts';
import {transferMutator} from './transfer.ts';
import {
  activityCommentSchema,
  activityIDSchema,
  activityNextStageSchema,
  activitySnoozeSchema,
  activityStatusSchema,
  type ActivityCommentArgs,
  type ActivityNextStageArgs,
  type ActivityType,
  type ActivitySnoozeArgs,
  type ActivityStatusArgs,
} from './schema.ts';
import {activitySchema, type ActivityArgs} from './activity-schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * Both cards must be ones the user may see, each on its side (candidate A male, B female). Checked on
 * the server, which holds every card; the browser only offers cards it has. An unseen card and a
 * missing one get the same answer. Also an accepted shidduch idea's (app/ideas/mutators.ts).
 */
export async function assertCards(tx: Transaction, ctx: AuthContext, args: ActivityArgs) {
  if (tx.location !== 'server') return;
  for (const [field, gender] of [
    ['maleProfileID', 'male'],
    ['femaleProfileID', 'female'],
  ] as const) {
    const cardID = args[field];
    if (cardID === null) continue;
    const card = await tx.run(visibleProfiles(zql.profile, ctx).where('id', cardID).one());
    if (!card) throw new AppError('notFound', [{field, message: 'notFound'}]);
    if (card.gender !== gender) throw new AppError('invalidInput', [{field, message: 'wrongSide'}]);
  }
}

/** The activity as the user may see it and change it (its author, or an administrator), or a refusal. */
async function changeableActivity(tx: Transaction, ctx: AuthContext, activityID: string) {
  const existing = await tx.run(visibleActivities(zql.activity, ctx).where('id', activityID).one());
  if (!existing) throw new AppError('notFound');
  if (!mayChangeActivity(ctx, existing)) throw new AppError('forbidden');
  return existing;
}

const valuesOf = ({id: _, phoneCallID: _call, ...values}: ActivityArgs) => values;

/**
 * Writes a new activity entered by `createdBy` now: the one way an activity is born, from the form or
 * from an accepted shidduch idea (app/ideas/mutators.ts). Callers check rights and cards first.
 */
export async function insertActivity(
  tx: Transaction,
  createdBy: string,
  args: ActivityArgs,
  now: number,
  previousID: string | null = null,
) {
  if (await tx.run(zql.activity.where('id', args.id).one())) throw new AppError('unableToSave');
  await tx.mutate.activity.insert({id: args.id, ...valuesOf(args), previousID, createdBy, createdAt: now, updatedAt: now});
}

/** A new activity, entered by the user now, on cards they may see. */
export async function createActivity({tx, ctx, args}: Write<ActivityArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  await assertCards(tx, ctx, args);
  await insertActivity(tx, ctx.userID, args, now);
  await linkPhoneCall(tx, ctx, args.phoneCallID, args.id);
}

/**
 * An edit of an activity by its author (or an administrator); who entered it and when stay. A type
 * changed by hand (the form asks first) is recorded in the activity's thread (issue 31).
 */
export async function updateActivity({tx, ctx, args}: Write<ActivityArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  const before = await changeableActivity(tx, ctx, args.id);
  await assertCards(tx, ctx, args);
  await tx.mutate.activity.update({id: args.id, ...valuesOf(args), updatedAt: now});
  if (before.type === args.type) return;
  await tx.mutate.activityComment.insert({
    id: `type-${args.id}-${now}`,
    activityID: args.id,
    userID: ctx.userID,
    body: '',
    kind: 'typeChanged',
    detail: {from: before.type, to: args.type},
    createdAt: now,
  });
}

/** The stage after each (a vort is the last). */
const NEXT_STAGE: Partial<Record<ActivityType, ActivityType>> = {idea: 'suggestion', suggestion: 'date', date: 'vort'};
export const nextStageOf = (type: ActivityType) => NEXT_STAGE[type];

/**
 * Moves a pair on (issue 31): the stage is marked done and the next opens as an activity of its own
 * for the same pair, with the title and summary carried forward, naming the one before it; so every
 * stage stays, with its dates and who did it. A stage moves on once: a second try is refused.
 */
export async function moveToNextStage({tx, ctx, args}: Write<ActivityNextStageArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  const current = await changeableActivity(tx, ctx, args.id);
  const type = nextStageOf(current.type);
  if (!type) throw new AppError('invalidInput', [{field: 'type', message: 'lastStage'}]);
  if (await tx.run(zql.activity.where('previousID', current.id).one())) {
    throw new AppError('invalidInput', [{field: 'type', message: 'stageMovedOn'}]);
  }
  const next: ActivityArgs = {
    id: args.nextID,
    type,
    status: 'in_progress',
    title: current.title,
    summary: current.summary,
    maleProfileID: current.maleProfileID ?? null,
    femaleProfileID: current.femaleProfileID ?? null,
    reminderAt: null,
    callDurationSeconds: null,
    callerNumber: null,
  };
  await assertCards(tx, ctx, next);
  await tx.mutate.activity.update({id: current.id, status: 'done', updatedAt: now});
  await insertActivity(tx, ctx.userID, next, now, current.id);
}

/** Deletes an activity and its comments (the database cascades them). */
export async function deleteActivity({tx, ctx, args}: Write<{id: string}>) {
  assertCan(ctx, 'editTickets');
  await changeableActivity(tx, ctx, args.id);
  await tx.mutate.activity.delete({id: args.id});
}

/** A new reminder time (the reminder toast's snooze), by the activity's author or an administrator. */
export async function snoozeActivity({tx, ctx, args}: Write<ActivitySnoozeArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  await changeableActivity(tx, ctx, args.id);
  await tx.mutate.activity.update({id: args.id, reminderAt: args.reminderAt, updatedAt: now});
}

/** A new status (the reminder toast's "done"), by the activity's author or an administrator. */
export async function setActivityStatus({tx, ctx, args}: Write<ActivityStatusArgs>, now: number) {
  assertCan(ctx, 'editTickets');
  await changeableActivity(tx, ctx, args.id);
  await tx.mutate.activity.update({id: args.id, status: args.status, updatedAt: now});
}

/** A comment on an activity the user may see, with its author and time. */
export async function commentOnActivity({tx, ctx, args}: Write<ActivityCommentArgs>, now: number) {
  assertLoggedIn(ctx);
  const activity = await tx.run(visibleActivities(zql.activity, ctx).where('id', args.activityID).one());
  if (!activity) throw new AppError('notFound');
  if (await tx.run(zql.activityComment.where('id', args.id).one())) throw new AppError('unableToSave');
  await tx.mutate.activityComment.insert({
    id: args.id,
    activityID: args.activityID,
    userID: ctx.userID,
    body: args.body,
    kind: 'comment',
    createdAt: now,
  });
}

export const activityMutators = {
  create: defineMutator(activitySchema, opts => createActivity(opts, Date.now())),
  update: defineMutator(activitySchema, opts => updateActivity(opts, Date.now())),
  delete: defineMutator(activityIDSchema, opts => deleteActivity(opts)),
  snooze: defineMutator(activitySnoozeSchema, opts => snoozeActivity(opts, Date.now())),
  setStatus: defineMutator(activityStatusSchema, opts => setActivityStatus(opts, Date.now())),
  nextStage: defineMutator(activityNextStageSchema, opts => moveToNextStage(opts, Date.now())),
  comment: defineMutator(activityCommentSchema, opts => commentOnActivity(opts, Date.now())),
  transfer: transferMutator,
};
