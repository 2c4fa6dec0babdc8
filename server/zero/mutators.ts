import {defineMutator, defineMutators, type Transaction} from '@rocicorp/zero';
import {mutators} from '../../app/mutator-registry.ts';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {
  cardCreateSchema,
  cardPatchSchema,
  createCard,
  saveCard,
  type CardCreate,
  type CardSave,
} from '../../app/candidates/card/mutators.ts';
import {cardVisibilitySchema, restoreValueSchema, restoredPatch, setVisibility} from '../../app/candidates/card/lifecycle.ts';
import {listedPhones} from '../../app/candidates/card/schema.ts';
import {isoDateToMs} from '../../app/lib/dates.ts';
import {nameClash} from '../../app/lib/name-clash.ts';
import {staffServerMutators} from '../staff/mutators.ts';
import {benefitCardServerMutators} from '../benefit-cards/mutators.ts';
import {notificationServerMutators} from '../notifications/mutators.ts';
import {createRepresentative, updateRepresentative} from '../../app/representatives/mutators.ts';
import {representativeSchema} from '../../app/representatives/schema.ts';
import {syncRepresentativeAccount} from '../representatives/account.ts';
import {pgOf} from '../db/sql.ts';
import {engagedCoupleServerMutators} from '../engaged-couples/mutators.ts';
import {chatServerMutators} from '../chats/mutators.ts';
import {beatPresence, presenceBeatSchema, sweepPresence} from '../../app/candidates/card/presence.ts';

/**
 * Server versions of the shared mutators. They run the same code with the context built from the
 * session, check references against the database (the browser may hold only part of it), and stamp
 * timestamps from the server's clock.
 */
// A retired sector or community stays on the cards that have it (the check runs only on a changed
// field) but cannot be newly chosen.
const OPTION_TABLES = {
  sectorID: (tx: Transaction, id: string) => tx.run(zql.sector.where('id', id).where('retiredAt', 'IS', null).one()),
  statusID: (tx: Transaction, id: string) => tx.run(zql.profileStatus.where('id', id).one()),
  communityID: (tx: Transaction, id: string) => tx.run(zql.community.where('id', id).where('retiredAt', 'IS', null).one()),
};

async function assertOption(tx: Transaction, field: keyof typeof OPTION_TABLES, id: string) {
  if (!(await OPTION_TABLES[field](tx, id))) throw new AppError('unknownOption', [{field, message: 'unknownOption'}]);
}

/** §5 'enter valid institution': a card's institution must be one in use, by its name or a variation. */
async function assertInstitution(tx: Transaction, typed: string) {
  const offered = await tx.run(zql.institution.where('retiredAt', 'IS', null));
  if (!offered.some(row => nameClash([typed], [[row.name, ...row.variations]]))) {
    throw new AppError('invalidInput', [{field: 'details.institution', message: 'invalidInstitution'}]);
  }
}

/**
 * Which refusal a card meets whose ID number another card has: the other card's birth date or gender
 * differ (the spec's mismatch messages), or it is the same person (a duplicate). Also the Excel import's
 * (server/imports/).
 */
export const idNumberClash = (other: {birthDate: number; gender: string}, card: {birthDate: string; gender: string}) =>
  other.birthDate !== isoDateToMs(card.birthDate)
    ? 'birthDateMismatch'
    : other.gender !== card.gender
      ? 'genderMismatch'
      : 'idExists';

/**
 * An ID number belongs to one person (spec §5): another card with it must be the same person (same
 * birth date and gender, else the spec's mismatch messages), and then it is a duplicate. The server
 * looks at every card, also those the user may not see; but only a user who may open the other card is
 * told which refusal it is and which card (its id, for the form's link). Anyone else gets one answer
 * that says nothing of that card, whatever it holds, and the office is told (the error's audit note).
 * Callers run it only after the user's rights to this write are confirmed.
 */
async function assertIDNumberFree(tx: Transaction, ctx: AuthContext, card: CardSave | CardCreate) {
  if (!card.idNumber) return;
  const idNumber = card.idNumber;
  const other = await tx.run(
    zql.profile
      .where('id', '!=', card.id)
      .whereExists('detail', d => d.where('idNumber', idNumber))
      .one(),
  );
  if (!other) return;
  const code = idNumberClash(other, card);
  const visible = await tx.run(visibleProfiles(zql.profile, ctx).where('id', other.id).one());
  const audit = {what: 'id-number', profileID: other.id, detail: {reason: code}} as const;
  if (visible) {
    throw new AppError(code, [{field: 'idNumber', message: code}], {profileID: other.id, audit: {...audit, result: 'named'}});
  }
  throw new AppError('idNumberUnavailable', [{field: 'idNumber', message: 'idNumberUnavailable'}], {
    audit: {...audit, result: 'refused'},
  });
}

/**
 * Everything a card's values must hold against the database, whoever writes them: all of a new card's,
 * and of an edit the fields it changes (`changed`). The candidate's own edit (server/self-edit) has no
 * staff context: it can never change what the ID-number check guards, and is refused if it tries.
 */
export async function assertCardConsistent(
  tx: Transaction,
  ctx: AuthContext | 'candidate',
  card: CardSave | CardCreate,
  changed?: ReadonlySet<string>,
) {
  const touched = (field: string) => !changed || changed.has(field);
  if (touched('sectorID')) await assertOption(tx, 'sectorID', card.sectorID);
  if (touched('statusID')) await assertOption(tx, 'statusID', card.statusID);
  if (touched('communityID') && card.communityID !== null) await assertOption(tx, 'communityID', card.communityID);
  const institution = card.details.institution;
  if (touched('details.institution') && typeof institution === 'string' && institution !== '') {
    await assertInstitution(tx, institution);
  }
  // The other card's birth date and gender decide which refusal an ID number meets.
  if (touched('idNumber') || touched('birthDate') || touched('gender')) {
    if (ctx === 'candidate') throw new AppError('forbidden');
    await assertIDNumberFree(tx, ctx, card);
  }
}

/**
 * The numbers a candidate may sign in with (the self-user login, spec §4) follow the card's own
 * listed numbers. They are a server-only column, outside Zero's schema, so they are written in SQL.
 */
export async function syncSignInPhones(tx: Transaction, card: CardSave | CardCreate) {
  if (tx.location !== 'server') return;
  await tx.dbTransaction.query('UPDATE profile SET phones = $1::text::jsonb WHERE id = $2', [
    JSON.stringify(listedPhones(card.details)),
    card.id,
  ]);
}

export const serverMutators = defineMutators(mutators, {
  staff: staffServerMutators,
  benefitCards: benefitCardServerMutators,
  presence: {
    // Stamped by the server's clock; each beat also clears rows of tabs that vanished without leaving.
    beat: defineMutator(presenceBeatSchema, async opts => {
      const now = Date.now();
      await beatPresence(opts, now);
      await sweepPresence(opts.tx, now);
    }),
  },
  // Each shared write runs its rights and visibility checks first, then the server's checks against
  // the rest of the database (the last argument), then writes.
  cards: {
    create: defineMutator(cardCreateSchema, async ({tx, ctx, args}) => {
      await createCard({tx, ctx, args}, Date.now(), user => assertCardConsistent(tx, user, args));
      await syncSignInPhones(tx, args);
    }),
    save: defineMutator(cardPatchSchema, async ({tx, ctx, args}) => {
      const card = await saveCard({tx, ctx, args}, Date.now(), (user, merged, changed) =>
        assertCardConsistent(tx, user, merged, changed),
      );
      await syncSignInPhones(tx, card);
    }),
    restoreValue: defineMutator(restoreValueSchema, async ({tx, ctx, args}) => {
      const patch = await restoredPatch(tx, ctx, args.revisionID);
      const card = await saveCard({tx, ctx, args: patch}, Date.now(), (user, merged, changed) =>
        assertCardConsistent(tx, user, merged, changed),
      );
      await syncSignInPhones(tx, card);
    }),
    // Only staff who could be given a card (not blocked users, not unknown ids) can be chosen.
    setVisibility: defineMutator(cardVisibilitySchema, async opts => {
      await setVisibility(opts, Date.now(), async () => {
        for (const userID of opts.args.viewerIDs) {
          const user = await opts.tx.run(zql.user.where('id', userID).where('role', '!=', 'blocked').one());
          if (!user) throw new AppError('userUnknown', [{field: 'viewerIDs', message: 'unknownOption'}]);
        }
      });
    }),
  },
  // A representative with an email or phone gets the account they sign in with (issue 13).
  representatives: {
    create: defineMutator(representativeSchema, opts =>
      createRepresentative(opts, Date.now(), args => syncRepresentativeAccount(pgOf(opts.tx), args)),
    ),
    update: defineMutator(representativeSchema, opts =>
      updateRepresentative(opts, Date.now(), args => syncRepresentativeAccount(pgOf(opts.tx), args)),
    ),
  },
  // The users a notice names are checked against every user (issue 13).
  notifications: notificationServerMutators,
  // Engaged couples (issue 15): benefit cards issued on confirm, revoked on undo.
  engagedCouples: engagedCoupleServerMutators,
  // Chats (issue 17): members checked against every user, unread counts kept in one UPDATE.
  chats: chatServerMutators,
});
