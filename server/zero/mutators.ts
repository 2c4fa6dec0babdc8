import {defineMutator, defineMutators, type Transaction} from '@rocicorp/zero';
import {mutators} from '../../app/mutators.ts';
import {candidateUpdateSchema} from '../../app/candidates/schema.ts';
import {updateCandidate} from '../../app/candidates/mutators.ts';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {assertCan} from '../../permissions/context.ts';
import {
  cardCreateSchema,
  cardSaveSchema,
  createCard,
  saveCard,
  type CardCreate,
  type CardSave,
} from '../../app/candidates/card/mutators.ts';
import {cardVisibilitySchema, restoreValueSchema, restoredCard, setVisibility} from '../../app/candidates/card/lifecycle.ts';
import {listedPhones} from '../../app/candidates/card/schema.ts';
import {isoDateToMs} from '../../app/lib/dates.ts';
import {beatPresence, presenceBeatSchema, sweepPresence} from '../../app/candidates/card/presence.ts';

/**
 * Server versions of the shared mutators. They run the same code with the context built from the
 * session, check references against the database (the browser may hold only part of it), and stamp
 * timestamps from the server's clock.
 */
const OPTION_TABLES = {
  sectorID: (tx: Transaction, id: string) => tx.run(zql.sector.where('id', id).one()),
  statusID: (tx: Transaction, id: string) => tx.run(zql.profileStatus.where('id', id).one()),
  communityID: (tx: Transaction, id: string) => tx.run(zql.community.where('id', id).one()),
};

async function assertOption(tx: Transaction, field: keyof typeof OPTION_TABLES, id: string) {
  if (!(await OPTION_TABLES[field](tx, id))) throw new AppError('unknownOption', [{field, message: 'unknownOption'}]);
}

/**
 * An ID number belongs to one person (spec §5): another profile with it must be the same person
 * (same birth date and gender, else the spec's mismatch messages), and then it is a duplicate. The
 * server sees every profile, also those the user may not.
 */
async function assertIDNumberFree(tx: Transaction, card: CardSave | CardCreate) {
  if (!card.idNumber) return;
  const other = await tx.run(zql.profile.where('idNumber', card.idNumber).where('id', '!=', card.id).one());
  if (!other) return;
  const code =
    other.birthDate !== isoDateToMs(card.birthDate)
      ? 'birthDateMismatch'
      : other.gender !== card.gender
        ? 'genderMismatch'
        : 'idExists';
  throw new AppError(code, [{field: 'idNumber', message: code}]);
}

/** Everything a card's values must hold against the database, whoever writes them. */
async function assertCardConsistent(tx: Transaction, card: CardSave | CardCreate) {
  await assertOption(tx, 'sectorID', card.sectorID);
  await assertOption(tx, 'statusID', card.statusID);
  if (card.communityID !== null) await assertOption(tx, 'communityID', card.communityID);
  await assertIDNumberFree(tx, card);
}

/**
 * The numbers a candidate may sign in with (the self-user login, spec §4) follow the card's own
 * listed numbers. They are a server-only column, outside Zero's schema, so they are written in SQL.
 */
async function syncSignInPhones(tx: Transaction, card: CardSave | CardCreate) {
  if (tx.location !== 'server') return;
  await tx.dbTransaction.query('UPDATE profile SET phones = $1::text::jsonb WHERE id = $2', [
    JSON.stringify(listedPhones(card.details)),
    card.id,
  ]);
}

export const serverMutators = defineMutators(mutators, {
  presence: {
    // Stamped by the server's clock; each beat also clears rows of tabs that vanished without leaving.
    beat: defineMutator(presenceBeatSchema, async opts => {
      const now = Date.now();
      await beatPresence(opts, now);
      await sweepPresence(opts.tx, now);
    }),
  },
  cards: {
    create: defineMutator(cardCreateSchema, async opts => {
      await assertCardConsistent(opts.tx, opts.args);
      await createCard(opts, Date.now());
      await syncSignInPhones(opts.tx, opts.args);
    }),
    save: defineMutator(cardSaveSchema, async opts => {
      await assertCardConsistent(opts.tx, opts.args);
      await saveCard(opts, Date.now());
      await syncSignInPhones(opts.tx, opts.args);
    }),
    restoreValue: defineMutator(restoreValueSchema, async ({tx, ctx, args}) => {
      assertCan(ctx, 'editTickets');
      const card = await restoredCard(tx, ctx, args.revisionID);
      await assertCardConsistent(tx, card);
      await saveCard({tx, ctx, args: card}, Date.now());
      await syncSignInPhones(tx, card);
    }),
    // Only staff who could be given a card (not blocked users, not unknown ids) can be chosen.
    setVisibility: defineMutator(cardVisibilitySchema, async opts => {
      for (const userID of opts.args.viewerIDs) {
        const user = await opts.tx.run(zql.user.where('id', userID).where('role', '!=', 'blocked').one());
        if (!user) throw new AppError('userUnknown', [{field: 'viewerIDs', message: 'unknownOption'}]);
      }
      await setVisibility(opts, Date.now());
    }),
  },
  candidates: {
    update: defineMutator(candidateUpdateSchema, async opts => {
      if (opts.args.statusID !== undefined) await assertOption(opts.tx, 'statusID', opts.args.statusID);
      await updateCandidate(opts, Date.now());
    }),
  },
});
