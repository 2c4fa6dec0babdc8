import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {assertEditsCouples, assertReportsCouples, assertSideCard} from '../../permissions/engaged-couples.ts';
import {reviseCard} from '../candidates/card/mutators.ts';
import {coupleIDSchema, coupleSchema, type CoupleArgs} from './schema.ts';

/**
 * Engaged couples (issue 15, spec §5): an editor records a confirmed couple or confirms a reported one
 * (the mazal-tov form's pending couple); both close the shidduch: the cards become engaged, their open
 * activities are done and a vort is added. The making shadchan's credit is the count of their
 * confirmed couples (queries.ts `creditOf`), so undo takes it back by itself. Benefit cards are the
 * server's step (`AfterConfirm`, server/engaged-couples/effects.ts), never the browser's.
 */
type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
type CoupleRow = NonNullable<Awaited<ReturnType<typeof coupleRow>>>;
/** The server's step once a couple is confirmed or undone (benefit cards issued or revoked). */
export type AfterDecision = (couple: CoupleRow, by: AuthContext) => Promise<void>;

const coupleRow = (tx: Transaction, id: string) => tx.run(zql.engagedCouple.where('id', id).one());

async function existingCouple(tx: Transaction, id: string) {
  const couple = await coupleRow(tx, id);
  if (!couple) throw new AppError('notFound');
  return couple;
}

/** The columns a form's values write; an empty ID number is none. */
const valuesOf = (args: CoupleArgs) => ({
  maleProfileID: args.maleProfileID,
  maleName: args.maleName,
  maleIDNumber: args.maleIDNumber || null,
  femaleProfileID: args.femaleProfileID,
  femaleName: args.femaleName,
  femaleIDNumber: args.femaleIDNumber || null,
  fatherName: args.fatherName,
  shadchanID: args.shadchanID,
  rabbi: args.rabbi,
  note: args.note,
});

/** The chosen cards and the making shadchan; an edit checks only the cards it changes (`kept`). */
async function assertSides(tx: Transaction, ctx: AuthContext, args: CoupleArgs, kept?: CoupleRow) {
  for (const side of ['male', 'female'] as const) {
    const field = `${side}ProfileID` as const;
    if (!kept || (kept[field] ?? null) !== args[field]) await assertSideCard(tx, ctx, side, args[field]);
  }
  if (args.shadchanID !== null && !(await tx.run(zql.user.where('id', args.shadchanID).where('role', '!=', 'blocked').one()))) {
    throw new AppError('userUnknown', [{field: 'shadchanID', message: 'unknownOption'}]);
  }
}

/** The couple's cards, read past any visibility filter: the decision is about them, whoever may see them. */
async function cardsOf(tx: Transaction, couple: CoupleRow) {
  const ids = [couple.maleProfileID, couple.femaleProfileID].filter((id): id is string => id != null);
  return ids.length === 0 ? [] : tx.run(zql.profile.where('id', 'IN', ids));
}

const vortID = (coupleID: string) => `vort-${coupleID}`;

/** Closing the shidduch: both cards engaged, their open activities done, and one vort activity. */
async function closeShidduch(tx: Transaction, ctx: AuthContext, couple: CoupleRow, now: number) {
  const cards = await cardsOf(tx, couple);
  // A pending or blocked card stays as it is; the couple still stands.
  for (const card of cards) if (card.state === 'active') await reviseCard(tx, ctx, card, {state: 'engaged'}, now);
  const ids = cards.map(c => c.id);
  if (ids.length > 0) {
    const open = await tx.run(
      zql.activity
        .where('status', 'in_progress')
        .where(({or, cmp}) => or(cmp('maleProfileID', 'IN', ids), cmp('femaleProfileID', 'IN', ids))),
    );
    for (const activity of open) await tx.mutate.activity.update({id: activity.id, status: 'done', updatedAt: now});
  }
  // Written as done: the vort closes the story. A couple confirmed again after an undo brings it back.
  await tx.mutate.activity.upsert({
    id: vortID(couple.id),
    type: 'vort',
    status: 'done',
    title: `${couple.maleName} – ${couple.femaleName}`,
    summary: couple.note,
    maleProfileID: couple.maleProfileID ?? null,
    femaleProfileID: couple.femaleProfileID ?? null,
    reminderAt: null,
    createdBy: couple.shadchanID ?? ctx.userID,
    createdAt: now,
    updatedAt: now,
  });
}

async function decide(tx: Transaction, ctx: AuthContext, id: string, status: 'confirmed' | 'rejected' | 'undone', now: number) {
  await tx.mutate.engagedCouple.update({id, status, decidedBy: ctx.userID, decidedAt: now, updatedAt: now});
  return existingCouple(tx, id);
}

/** An editor records a couple that is already confirmed. */
export async function recordCouple({tx, ctx, args}: Write<CoupleArgs>, now: number, after?: AfterDecision) {
  assertEditsCouples(ctx);
  await assertSides(tx, ctx, args);
  if (await coupleRow(tx, args.id)) throw new AppError('unableToSave');
  await tx.mutate.engagedCouple.insert({
    id: args.id,
    status: 'confirmed',
    ...valuesOf(args),
    submittedByUser: ctx.userID,
    submittedByProfile: null,
    submittedAt: now,
    decidedBy: ctx.userID,
    decidedAt: now,
    updatedAt: now,
  });
  const couple = await existingCouple(tx, args.id);
  await closeShidduch(tx, ctx, couple, now);
  await after?.(couple, ctx);
}

/**
 * The mazal-tov form of a shadchan: a pending couple for an editor to confirm, with the reporter as the
 * making shadchan, about cards the reporter may see.
 */
export async function reportCouple({tx, ctx, args}: Write<CoupleArgs>, now: number) {
  assertReportsCouples(ctx);
  const reported = {...args, shadchanID: ctx.userID};
  await assertSides(tx, ctx, reported);
  if (await coupleRow(tx, args.id)) throw new AppError('unableToSave');
  await tx.mutate.engagedCouple.insert({
    id: args.id,
    status: 'pending',
    ...valuesOf(reported),
    submittedByUser: ctx.userID,
    submittedByProfile: null,
    submittedAt: now,
    decidedBy: null,
    decidedAt: null,
    updatedAt: now,
  });
}

/** Confirms a pending (or rejected, or undone) couple; a confirmed one stays as it is, its cards issued once. */
export async function confirmCouple({tx, ctx, args}: Write<{id: string}>, now: number, after?: AfterDecision) {
  assertEditsCouples(ctx);
  const existing = await existingCouple(tx, args.id);
  if (existing.status === 'confirmed') return;
  const couple = await decide(tx, ctx, args.id, 'confirmed', now);
  await closeShidduch(tx, ctx, couple, now);
  await after?.(couple, ctx);
}

/** Rejects a pending report; the row stays, as rejected. A confirmed couple is undone, not rejected. */
export async function rejectCouple({tx, ctx, args}: Write<{id: string}>, now: number) {
  assertEditsCouples(ctx);
  const existing = await existingCouple(tx, args.id);
  if (existing.status === 'rejected') return;
  if (existing.status !== 'pending') throw new AppError('editConflict', [{field: 'status', message: 'coupleStatusChanged'}]);
  await decide(tx, ctx, args.id, 'rejected', now);
}

/**
 * Takes a confirmed couple back: cards still engaged become active again (one changed since stays as
 * it is), the vort is marked irrelevant, and the server revokes the couple's benefit cards. Who and
 * when are the couple's decidedBy/decidedAt. Activities closed by the confirm stay closed: nothing
 * tells which of them were open before.
 */
export async function undoCouple({tx, ctx, args}: Write<{id: string}>, now: number, after?: AfterDecision) {
  assertEditsCouples(ctx);
  const existing = await existingCouple(tx, args.id);
  if (existing.status === 'undone') return;
  if (existing.status !== 'confirmed') throw new AppError('editConflict', [{field: 'status', message: 'coupleStatusChanged'}]);
  const couple = await decide(tx, ctx, args.id, 'undone', now);
  for (const card of await cardsOf(tx, couple)) {
    if (card.state === 'engaged') await reviseCard(tx, ctx, card, {state: 'active'}, now);
  }
  if (await tx.run(zql.activity.where('id', vortID(couple.id)).one())) {
    await tx.mutate.activity.update({id: vortID(couple.id), status: 'irrelevant', updatedAt: now});
  }
  await after?.(couple, ctx);
}

/**
 * An editor's correction of a couple's details. A confirmed couple's cards are fixed: changing one
 * would leave the old card engaged, so it is undone first.
 */
export async function editCouple({tx, ctx, args}: Write<CoupleArgs>, now: number) {
  assertEditsCouples(ctx);
  const existing = await existingCouple(tx, args.id);
  if (existing.status === 'confirmed') {
    for (const side of ['male', 'female'] as const) {
      const field = `${side}ProfileID` as const;
      if ((existing[field] ?? null) !== args[field]) {
        throw new AppError('invalidInput', [{field, message: 'coupleUndoFirst'}]);
      }
    }
  }
  await assertSides(tx, ctx, args, existing);
  await tx.mutate.engagedCouple.update({id: args.id, ...valuesOf(args), updatedAt: now});
}

export const engagedCoupleMutators = {
  record: defineMutator(coupleSchema, opts => recordCouple(opts, Date.now())),
  report: defineMutator(coupleSchema, opts => reportCouple(opts, Date.now())),
  confirm: defineMutator(coupleIDSchema, opts => confirmCouple(opts, Date.now())),
  reject: defineMutator(coupleIDSchema, opts => rejectCouple(opts, Date.now())),
  undo: defineMutator(coupleIDSchema, opts => undoCouple(opts, Date.now())),
  edit: defineMutator(coupleSchema, opts => editCouple(opts, Date.now())),
};
