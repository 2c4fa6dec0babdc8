import {defineMutator, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../../zero-schema.ts';
import {assertCan, can, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {decidablePending} from '../../../permissions/profiles.ts';
import {msToIsoDate} from '../../lib/dates.ts';
import {
  cardPatchSchema,
  reviseCard,
  saveCard,
  visibleCard,
  visibleCardWithDetail,
  type CardPatch,
  type ServerCheck,
} from './mutators.ts';
import {id} from '../../lib/schema-parts.ts';

/**
 * A card's life after it is made (spec §4): closing and reopening, active / blocked / engaged, the
 * approval of temporary (pending) cards singly or in bulk, the personal or general database, who may
 * see it, and restoring a value from its history. Each change is a revision in the card's history.
 */

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

const byID = v.object({id});
const someIDs = v.object({ids: v.pipe(v.array(id), v.minLength(1, 'required'), v.maxLength(200, 'tooLong'))});

export const cardStateSchema = v.object({id, state: v.picklist(['active', 'blocked', 'engaged'], 'unknownOption')});
export const cardDatabaseSchema = v.object({id, database: v.picklist(['general', 'personal'], 'unknownOption')});
export const cardVisibilitySchema = v.object({
  id,
  visibility: v.picklist(['all', 'chosen'], 'unknownOption'),
  viewerIDs: v.pipe(v.array(id), v.maxLength(100, 'tooLong')),
});
export type CardVisibility = v.InferOutput<typeof cardVisibilitySchema>;
export const restoreValueSchema = v.object({revisionID: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(200))});

/** Who decides where a card lives and who sees it: its own shadchan, or an administrator. */
async function ownedCard(tx: Transaction, ctx: AuthContext, cardID: string) {
  const card = await visibleCard(tx, ctx, cardID);
  if (card.ownerID !== ctx.userID && ctx.role !== 'admin') throw new AppError('forbidden');
  return card;
}

async function close({tx, ctx, args}: Write<{id: string}>, closing: boolean, now: number) {
  assertCan(ctx, 'editTickets');
  // Reopening needs to see closed cards at all.
  if (!closing) assertCan(ctx, 'showDeletedProfiles');
  const card = await visibleCard(tx, ctx, args.id);
  if ((card.closedAt != null) === closing) return;
  await reviseCard(tx, ctx, card, {closedAt: closing ? now : null}, now);
}

async function setState({tx, ctx, args}: Write<v.InferOutput<typeof cardStateSchema>>, now: number) {
  assertCan(ctx, 'editTickets');
  const card = await visibleCard(tx, ctx, args.id);
  // Blocking hides a card like deleting does; a pending card is approved, not switched.
  if (args.state === 'blocked' || card.state === 'blocked') assertCan(ctx, 'deleteProfiles');
  if (card.state === 'pending') throw new AppError('forbidden');
  await reviseCard(tx, ctx, card, {state: args.state}, now);
}

/** Approves temporary cards (or moves them to the recycling bin), each as its own revision. */
async function decide({tx, ctx, args}: Write<{ids: string[]}>, approve: boolean, now: number) {
  // A community's coordinator decides on their community's arrivals (permissions/profiles.ts decidablePending).
  if (ctx?.role !== 'coordinator') assertCan(ctx, 'authorizeTemporaryProfiles');
  assertCan(ctx, 'showTickets');
  for (const cardID of new Set(args.ids)) {
    const card = await visibleCard(tx, ctx, cardID);
    if (card.state !== 'pending') continue;
    if (!(await tx.run(decidablePending(zql.profile, ctx).where('id', cardID).one()))) throw new AppError('forbidden');
    await reviseCard(tx, ctx, card, approve ? {state: 'active'} : {deletedAt: now}, now);
  }
}

async function setDatabase({tx, ctx, args}: Write<v.InferOutput<typeof cardDatabaseSchema>>, now: number) {
  assertCan(ctx, 'editTickets');
  await reviseCard(tx, ctx, await ownedCard(tx, ctx, args.id), {database: args.database}, now);
}

/**
 * 'all': everyone who sees its database; 'chosen': only the listed users (and the owner, admins). The
 * server checks the chosen users (`check`) once the user's right to choose is confirmed.
 */
export async function setVisibility({tx, ctx, args}: Write<CardVisibility>, now: number, check?: ServerCheck) {
  assertCan(ctx, 'editTickets');
  const card = await ownedCard(tx, ctx, args.id);
  await check?.(ctx);
  const chosen = new Set(args.visibility === 'chosen' ? args.viewerIDs : []);
  const current = await tx.run(zql.profileViewer.where('profileID', card.id));
  for (const row of current) {
    if (!chosen.has(row.userID)) await tx.mutate.profileViewer.delete({profileID: card.id, userID: row.userID});
  }
  for (const userID of chosen) {
    if (!current.some(row => row.userID === userID)) {
      await tx.mutate.profileViewer.insert({profileID: card.id, userID, createdAt: now});
    }
  }
  await reviseCard(tx, ctx, card, {visibility: args.visibility}, now);
}

/** The card's own columns a history entry can set back (its moves — bin, state, database — cannot). */
const RESTORABLE_COLUMNS = [
  'forename',
  'surname',
  'gender',
  'city',
  'birthDate',
  'sectorID',
  'statusID',
  'idNumber',
  'communityID',
  'openFrom',
  'colour',
];
export const restorableField = (field: string) => field.startsWith('details.') || RESTORABLE_COLUMNS.includes(field);

/** Fields whose history holds dates as stored milliseconds, while the card's form speaks ISO dates. */
const DATE_FIELDS = new Set(['birthDate', 'openFrom']);

/**
 * An edit that sets one field back to the value it had before a recorded change, made against the
 * card's current revision. It passes the same checks as any edit, so a value that is no longer valid
 * is refused.
 */
export async function restoredPatch(tx: Transaction, ctx: AuthContext, revisionID: string): Promise<CardPatch> {
  assertCan(ctx, 'editTickets');
  assertCan(ctx, 'viewChangeHistory');
  const change = await tx.run(zql.profileRevision.where('id', revisionID).one());
  if (!change) throw new AppError('notFound');
  const card = await visibleCardWithDetail(tx, ctx, change.profileID);
  const old = change.oldValue ?? null;
  const patch: Record<string, unknown> = {id: card.id, revision: card.revision};
  if (change.field.startsWith('details.')) {
    patch.details = {[change.field.slice('details.'.length)]: old};
  } else if (RESTORABLE_COLUMNS.includes(change.field)) {
    patch[change.field] = DATE_FIELDS.has(change.field) && typeof old === 'number' ? msToIsoDate(old) : old;
  } else {
    throw new AppError('forbidden');
  }
  const parsed = v.safeParse(cardPatchSchema, patch);
  if (!parsed.success) throw new AppError('invalidInput');
  return parsed.output;
}

export const cardLifecycleMutators = {
  close: defineMutator(byID, opts => close(opts, true, Date.now())),
  reopen: defineMutator(byID, opts => close(opts, false, Date.now())),
  setState: defineMutator(cardStateSchema, opts => setState(opts, Date.now())),
  approve: defineMutator(someIDs, opts => decide(opts, true, Date.now())),
  discard: defineMutator(someIDs, opts => decide(opts, false, Date.now())),
  setDatabase: defineMutator(cardDatabaseSchema, opts => setDatabase(opts, Date.now())),
  setVisibility: defineMutator(cardVisibilitySchema, opts => setVisibility(opts, Date.now())),
  restoreValue: defineMutator(restoreValueSchema, async ({tx, ctx, args}) => {
    await saveCard({tx, ctx, args: await restoredPatch(tx, ctx, args.revisionID)}, Date.now());
  }),
};

/** Whether this user may restore values from a card's history. */
export const canRestoreValues = (ctx: AuthContext) => can(ctx, 'editTickets') && can(ctx, 'viewChangeHistory');
