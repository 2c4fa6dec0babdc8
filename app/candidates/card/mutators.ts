import {defineMutator, type ReadonlyJSONValue, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {isoDateToMs} from '../../lib/dates.ts';
import {birthDate, id, text} from '../schema.ts';
import {cardColumnsSchema} from './schema.ts';

/** A whole card as the edit form saves it, with the revision the edit started from. */
export const cardSaveSchema = v.object({
  id,
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  forename: text(50),
  surname: text(50),
  gender: v.picklist(['male', 'female'], 'required'),
  city: text(60),
  birthDate,
  sectorID: id,
  statusID: id,
  ...cardColumnsSchema,
});
export type CardSave = v.InferOutput<typeof cardSaveSchema>;

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/** The stored form of the card's editable values, keyed as the revision history names them. */
function storedValues(args: CardSave): Record<string, ReadonlyJSONValue | undefined> {
  const {details, ...columns} = args;
  return {
    forename: columns.forename,
    surname: columns.surname,
    gender: columns.gender,
    city: columns.city,
    birthDate: isoDateToMs(columns.birthDate)!,
    sectorID: columns.sectorID,
    statusID: columns.statusID,
    idNumber: columns.idNumber ?? undefined,
    communityID: columns.communityID ?? undefined,
    openFrom: columns.openFrom === null ? undefined : isoDateToMs(columns.openFrom)!,
    colour: columns.colour ?? undefined,
    ...Object.fromEntries(Object.entries(details).map(([key, value]) => [`details.${key}`, value])),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Saves an edited card: refused when someone else saved a newer revision since the edit began (the
 * form then shows their version instead of silently overwriting it), and every changed field is
 * written to the revision history (who, when, old → new).
 */
export async function saveCard({tx, ctx, args}: Write<CardSave>, now: number) {
  assertCan(ctx, 'editTickets');
  const existing = await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.id).one());
  if (!existing) throw new AppError('notFound');
  if (existing.revision !== args.revision) throw new AppError('staleRevision');

  const before: Record<string, unknown> = {
    ...existing,
    ...Object.fromEntries(Object.entries(existing.details).map(([key, value]) => [`details.${key}`, value])),
  };
  const after = storedValues(args);
  const keys = new Set([...Object.keys(after), ...Object.keys(before).filter(k => k.startsWith('details.'))]);
  const changed = [...keys].filter(key => !same(before[key], after[key]));
  if (changed.length === 0) return;

  const revision = existing.revision + 1;
  await tx.mutate.profile.update({
    id: args.id,
    forename: args.forename,
    surname: args.surname,
    gender: args.gender,
    city: args.city,
    birthDate: isoDateToMs(args.birthDate)!,
    sectorID: args.sectorID,
    statusID: args.statusID,
    idNumber: args.idNumber,
    communityID: args.communityID,
    openFrom: args.openFrom === null ? null : isoDateToMs(args.openFrom)!,
    colour: args.colour,
    details: args.details,
    revision,
    updatedAt: now,
  });
  for (const field of changed) {
    await tx.mutate.profileRevision.insert({
      // Deterministic, so the browser's optimistic rows and the server's are the same rows.
      id: `${args.id}:${revision}:${field}`,
      profileID: args.id,
      revision,
      userID: ctx.userID,
      field,
      oldValue: (before[field] ?? null) as ReadonlyJSONValue,
      newValue: after[field] ?? null,
      createdAt: now,
    });
  }
}

export const cardBinSchema = v.object({id});

/**
 * Moves a card to the recycling bin or back (spec §4 deleted, restorable). Needs deleteProfiles; the
 * bin itself is seen with showDeletedProfiles. The move is a revision of its own, in the history.
 */
export async function moveCard({tx, ctx, args}: Write<{id: string}>, toBin: boolean, now: number) {
  assertCan(ctx, 'deleteProfiles');
  const existing = await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.id).one());
  if (!existing) throw new AppError('notFound');
  if ((existing.deletedAt != null) === toBin) return;
  const revision = existing.revision + 1;
  const deletedAt = toBin ? now : null;
  await tx.mutate.profile.update({id: args.id, deletedAt, revision, updatedAt: now});
  await tx.mutate.profileRevision.insert({
    id: `${args.id}:${revision}:deletedAt`,
    profileID: args.id,
    revision,
    userID: ctx.userID,
    field: 'deletedAt',
    oldValue: existing.deletedAt ?? null,
    newValue: deletedAt,
    createdAt: now,
  });
}

export const cardMutators = {
  save: defineMutator(cardSaveSchema, opts => saveCard(opts, Date.now())),
  delete: defineMutator(cardBinSchema, opts => moveCard(opts, true, Date.now())),
  restore: defineMutator(cardBinSchema, opts => moveCard(opts, false, Date.now())),
};
