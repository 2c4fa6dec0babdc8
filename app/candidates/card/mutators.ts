import {defineMutator, type ReadonlyJSONValue, type Row, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type Schema} from '../../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {isoDateToMs, msToIsoDate} from '../../lib/dates.ts';
import {birthDate, id, text} from '../schema.ts';
import {cardColumnsSchema} from './schema.ts';

/** The status a new card starts in (seeded by migrations/0002_lookups.sql). */
export const INITIAL_STATUS_ID = 'available';

/** A card's values as the form sends them (new or edited). */
const cardValues = {
  forename: text(50),
  surname: text(50),
  gender: v.picklist(['male', 'female'], 'required'),
  city: text(60),
  birthDate,
  sectorID: id,
  statusID: id,
  ...cardColumnsSchema,
};

/** A whole card as the edit form saves it, with the revision the edit started from. */
export const cardSaveSchema = v.object({id, revision: v.pipe(v.number(), v.integer(), v.minValue(0)), ...cardValues});
export type CardSave = v.InferOutput<typeof cardSaveSchema>;

/**
 * A new card (spec §2 "new profile"): the general or the user's personal database; `temporary` puts
 * it in that database's temporary variant, awaiting approval (§4 pending), which needs the matching
 * temporary-database permission.
 */
export const cardCreateSchema = v.object({
  id,
  ...cardValues,
  database: v.picklist(['general', 'personal'], 'required'),
  temporary: v.boolean(),
});
export type CardCreate = v.InferOutput<typeof cardCreateSchema>;

/**
 * What a candidate sends through a shadchan's public link (spec §4 "a profile sent by the candidate"):
 * the same card without the staff's own choices. The server gives it an id, puts it in the general
 * database with the initial status, and leaves it pending until an approver allows it.
 */
export const candidateCardSchema = v.omit(cardCreateSchema, ['id', 'database', 'temporary', 'statusID', 'colour', 'openFrom']);
export type CandidateCard = v.InferOutput<typeof candidateCardSchema>;

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
type ProfileRow = Row<Schema['tables']['profile']>;
type CardValues = Omit<CardSave, 'id' | 'revision'>;

/**
 * What the server checks against the whole database before a card's values are written (options,
 * who else has the ID number: server/zero/mutators.ts). The write functions run it only once the
 * user's rights and the card's visibility are confirmed, so a refusal that depends on other rows never
 * answers someone who may not make this write at all. The browser has none (it holds part of the data).
 */
export type ServerCheck = (ctx: AuthContext) => Promise<void>;

/** The profile columns a card's values are stored in: what lists may show. */
function columnsOf(args: CardValues) {
  return {
    forename: args.forename,
    surname: args.surname,
    gender: args.gender,
    city: args.city,
    birthDate: isoDateToMs(args.birthDate)!,
    sectorID: args.sectorID,
    statusID: args.statusID,
    communityID: args.communityID,
    openFrom: args.openFrom === null ? null : isoDateToMs(args.openFrom)!,
    colour: args.colour,
  };
}

/** The card's sensitive values, stored in its profile_detail row (synced only for an opened card). */
const detailOf = (args: CardValues) => ({idNumber: args.idNumber, details: args.details});

/** The stored form of the card's editable values, keyed as the revision history names them. */
function storedValues(args: CardValues): Record<string, ReadonlyJSONValue | undefined> {
  const {idNumber, details} = detailOf(args);
  return {
    ...Object.fromEntries(Object.entries(columnsOf(args)).map(([key, value]) => [key, value ?? undefined])),
    idNumber: idNumber ?? undefined,
    ...Object.fromEntries(Object.entries(details).map(([key, value]) => [`details.${key}`, value])),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes one revision's history rows: who, when, field, old → new. */
async function recordHistory(
  tx: Transaction,
  ctx: AuthContext,
  profileID: string,
  revision: number,
  changes: Array<[field: string, oldValue: unknown, newValue: unknown]>,
  now: number,
) {
  for (const [field, oldValue, newValue] of changes) {
    await tx.mutate.profileRevision.insert({
      // Deterministic, so the browser's optimistic rows and the server's are the same rows.
      id: `${profileID}:${revision}:${field}`,
      profileID,
      revision,
      userID: ctx.userID,
      field,
      oldValue: (oldValue ?? null) as ReadonlyJSONValue,
      newValue: (newValue ?? null) as ReadonlyJSONValue,
      createdAt: now,
    });
  }
}

/** Changes some of a card's own columns as one revision, recorded in the history. */
export async function reviseCard(
  tx: Transaction,
  ctx: AuthContext,
  existing: ProfileRow,
  patch: Partial<Pick<ProfileRow, 'city' | 'statusID' | 'state' | 'deletedAt' | 'closedAt' | 'database' | 'visibility'>>,
  now: number,
) {
  const changes = Object.entries(patch)
    .filter(([field, value]) => !same(existing[field as keyof ProfileRow], value))
    .map(([field, value]): [string, unknown, unknown] => [field, existing[field as keyof ProfileRow], value]);
  if (changes.length === 0) return;
  const revision = existing.revision + 1;
  await tx.mutate.profile.update({id: existing.id, ...patch, revision, updatedAt: now});
  await recordHistory(tx, ctx, existing.id, revision, changes, now);
}

/** A card the user may see, or notFound. */
export async function visibleCard(tx: Transaction, ctx: AuthContext, id: string) {
  const existing = await tx.run(visibleProfiles(zql.profile, ctx).where('id', id).one());
  if (!existing) throw new AppError('notFound');
  return existing;
}

/** A card the user may see with its sensitive part (ID number, details), or notFound. */
export async function visibleCardWithDetail(tx: Transaction, ctx: AuthContext, id: string) {
  const existing = await tx.run(
    visibleProfiles(zql.profile, ctx)
      .where('id', id)
      .related('detail', d => d.one())
      .one(),
  );
  if (!existing) throw new AppError('notFound');
  return existing;
}

/**
 * Saves an edited card: refused when someone else saved a newer revision since the edit began (the
 * form then shows their version instead of silently overwriting it), and every changed field is
 * written to the revision history (who, when, old → new).
 */
export async function saveCard({tx, ctx, args}: Write<CardSave>, now: number, check?: ServerCheck) {
  assertCan(ctx, 'editTickets');
  const existing = await visibleCardWithDetail(tx, ctx, args.id);
  if (existing.revision !== args.revision) throw new AppError('staleRevision');
  await check?.(ctx);

  const details = existing.detail?.details ?? {};
  const before: Record<string, unknown> = {
    ...existing,
    idNumber: existing.detail?.idNumber,
    ...Object.fromEntries(Object.entries(details).map(([key, value]) => [`details.${key}`, value])),
  };
  const after = storedValues(args);
  const keys = new Set([...Object.keys(after), ...Object.keys(before).filter(k => k.startsWith('details.'))]);
  const changed = [...keys].filter(key => !same(before[key], after[key]));
  if (changed.length === 0) return;

  const revision = existing.revision + 1;
  await tx.mutate.profile.update({id: args.id, ...columnsOf(args), revision, updatedAt: now});
  if (changed.some(key => key === 'idNumber' || key.startsWith('details.'))) {
    await tx.mutate.profileDetail.upsert({profileID: args.id, ...detailOf(args)});
  }
  await recordHistory(
    tx,
    ctx,
    args.id,
    revision,
    changed.map(field => [field, before[field], after[field]]),
    now,
  );
}

/** Creates a card owned by its creator; the history starts with who created it and when. */
export async function createCard({tx, ctx, args}: Write<CardCreate>, now: number, check?: ServerCheck) {
  assertCan(ctx, 'editTickets');
  if (args.temporary) assertCan(ctx, args.database === 'general' ? 'temporaryGeneralDatabase' : 'temporaryPersonalDatabase');
  await check?.(ctx);
  const {id, database, temporary, ...values} = args;
  // Inserting over an existing card would be skipped silently; refuse it instead.
  if (await tx.run(zql.profile.where('id', id).one())) throw new AppError('unableToSave');
  await tx.mutate.profile.insert({
    id,
    ...columnsOf(values),
    database,
    ownerID: ctx.userID,
    state: temporary ? 'pending' : 'active',
    visibility: 'all',
    source: 'staff',
    entryDate: isoDateToMs(msToIsoDate(now))!,
    revision: 0,
    createdAt: now,
    updatedAt: now,
  });
  await tx.mutate.profileDetail.insert({profileID: id, ...detailOf(values)});
  await recordHistory(tx, ctx, id, 0, [['created', null, null]], now);
}

export const cardBinSchema = v.object({id});

/**
 * Moves a card to the recycling bin or back (spec §4 deleted, restorable). Needs deleteProfiles; the
 * bin itself is seen with showDeletedProfiles. The move is a revision of its own, in the history.
 */
export async function moveCard({tx, ctx, args}: Write<{id: string}>, toBin: boolean, now: number) {
  assertCan(ctx, 'deleteProfiles');
  const existing = await visibleCard(tx, ctx, args.id);
  if ((existing.deletedAt != null) === toBin) return;
  await reviseCard(tx, ctx, existing, {deletedAt: toBin ? now : null}, now);
}

export const cardMutators = {
  create: defineMutator(cardCreateSchema, opts => createCard(opts, Date.now())),
  save: defineMutator(cardSaveSchema, opts => saveCard(opts, Date.now())),
  delete: defineMutator(cardBinSchema, opts => moveCard(opts, true, Date.now())),
  restore: defineMutator(cardBinSchema, opts => moveCard(opts, false, Date.now())),
};
