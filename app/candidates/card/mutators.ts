import {defineMutator, type ReadonlyJSONValue, type Row, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type Schema} from '../../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {isoDateToMs, msToIsoDate} from '../../lib/dates.ts';
import {id} from '../../lib/schema-parts.ts';
import {cardCreateSchema, cardPatchSchema, type CardCreate, type CardPatch, type CardSave} from './schema.ts';

export {
  INITIAL_STATUS_ID,
  candidateCardSchema,
  cardCreateSchema,
  cardPatchSchema,
  type CandidateCard,
  type CardCreate,
  type CardPatch,
  type CardSave,
} from './schema.ts';

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

/** Who made a revision: a staff user, or the candidate from the self-user home (no user behind it). */
export type RevisionAuthor = Pick<AuthContext, 'userID'> | 'candidate';

/** Writes one revision's history rows: who, when, field, old → new. */
export async function recordHistory(
  tx: Transaction,
  author: RevisionAuthor,
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
      ...(author === 'candidate' ? {userID: null, byCandidate: true} : {userID: author.userID, byCandidate: false}),
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
  patch: Partial<Pick<ProfileRow, 'state' | 'deletedAt' | 'closedAt' | 'database' | 'visibility'>>,
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

/** The card's stored values in the shape a whole card is sent in, at its current revision. */
export function cardAsSaved(card: Awaited<ReturnType<typeof visibleCardWithDetail>>): CardSave {
  return {
    id: card.id,
    revision: card.revision,
    forename: card.forename,
    surname: card.surname,
    gender: card.gender as CardSave['gender'],
    city: card.city,
    birthDate: msToIsoDate(card.birthDate),
    sectorID: card.sectorID,
    statusID: card.statusID,
    idNumber: card.detail?.idNumber ?? null,
    communityID: card.communityID ?? null,
    openFrom: card.openFrom ? msToIsoDate(card.openFrom) : null,
    colour: (card.colour ?? null) as CardSave['colour'],
    details: {...card.detail?.details} as CardSave['details'],
  };
}

/** A patch laid over a whole card: present columns replace, details merge, a null detail is cleared. */
function applyPatch(card: CardSave, {id: _, revision: __, details, ...columns}: CardPatch): CardSave {
  const merged: Record<string, unknown> = {...card.details};
  for (const [key, value] of Object.entries(details ?? {})) {
    if (value === null || value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const present = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  return {...card, ...present, details: merged as CardSave['details']};
}

/**
 * What the server checks against the whole database before an edit is written: the card as it will
 * be, and the fields the edit changes (only those are checked, so a value nobody touched never blocks
 * someone else's save).
 */
export type SaveCheck = (ctx: AuthContext, card: CardSave, changed: ReadonlySet<string>) => Promise<void>;

/**
 * Saves an edit of a card (a patch, see cardPatchSchema) as one revision, every changed field in the
 * history (who, when, old → new). Edits merge: the patch is laid over the card as it is now, so a
 * save begun on an older revision keeps what others saved since in the fields it leaves alone. Only a
 * field both changed is refused (editConflict, naming the fields): the form then shows both values
 * and lets the user choose. Returns the card as saved.
 */
export async function saveCard({tx, ctx, args}: Write<CardPatch>, now: number, check?: SaveCheck) {
  assertCan(ctx, 'editTickets');
  const existing = await visibleCardWithDetail(tx, ctx, args.id);
  return editCard(tx, ctx, existing, args, now, check && ((card, changed) => check(ctx, card, changed)));
}

/**
 * The edit itself, once the author's right to it is settled: by saveCard for staff, by the self-user
 * update (server/self-edit) for the candidate's own ticket.
 */
export async function editCard(
  tx: Transaction,
  author: RevisionAuthor,
  existing: Awaited<ReturnType<typeof visibleCardWithDetail>>,
  args: CardPatch,
  now: number,
  check?: (card: CardSave, changed: ReadonlySet<string>) => Promise<void>,
) {
  const card = applyPatch(cardAsSaved(existing), args);

  const details = existing.detail?.details ?? {};
  const before: Record<string, unknown> = {
    ...existing,
    idNumber: existing.detail?.idNumber,
    ...Object.fromEntries(Object.entries(details).map(([key, value]) => [`details.${key}`, value])),
  };
  const after = storedValues(card);
  const keys = new Set([...Object.keys(after), ...Object.keys(before).filter(k => k.startsWith('details.'))]);
  const changed = [...keys].filter(key => !same(before[key], after[key]));
  if (changed.length === 0) return card;

  if (args.revision < existing.revision) {
    const since = await tx.run(zql.profileRevision.where('profileID', args.id).where('revision', '>', args.revision));
    const theirs = new Set(since.map(row => row.field));
    const conflicts = changed.filter(field => theirs.has(field));
    if (conflicts.length > 0)
      throw new AppError(
        'editConflict',
        conflicts.map(field => ({field, message: 'editConflict'})),
      );
  }
  await check?.(card, new Set(changed));

  const revision = existing.revision + 1;
  await tx.mutate.profile.update({id: args.id, ...columnsOf(card), revision, updatedAt: now});
  if (changed.some(key => key === 'idNumber' || key.startsWith('details.'))) {
    await tx.mutate.profileDetail.upsert({profileID: args.id, ...detailOf(card)});
  }
  await recordHistory(
    tx,
    author,
    args.id,
    revision,
    changed.map(field => [field, before[field], after[field]]),
    now,
  );
  return {...card, revision};
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
  save: defineMutator(cardPatchSchema, async opts => {
    await saveCard(opts, Date.now());
  }),
  delete: defineMutator(cardBinSchema, opts => moveCard(opts, true, Date.now())),
  restore: defineMutator(cardBinSchema, opts => moveCard(opts, false, Date.now())),
};
