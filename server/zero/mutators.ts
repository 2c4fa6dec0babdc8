import {defineMutator, defineMutators, type Transaction} from '@rocicorp/zero';
import {mutators} from '../../app/mutators.ts';
import {candidateCreateSchema, candidateUpdateSchema} from '../../app/candidates/schema.ts';
import {createCandidate, updateCandidate} from '../../app/candidates/mutators.ts';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {cardSaveSchema, saveCard, type CardSave} from '../../app/candidates/card/mutators.ts';
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
async function assertIDNumberFree(tx: Transaction, card: CardSave) {
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
    save: defineMutator(cardSaveSchema, async opts => {
      const {tx, args} = opts;
      await assertOption(tx, 'sectorID', args.sectorID);
      await assertOption(tx, 'statusID', args.statusID);
      if (args.communityID !== null) await assertOption(tx, 'communityID', args.communityID);
      await assertIDNumberFree(tx, args);
      await saveCard(opts, Date.now());
    }),
  },
  candidates: {
    create: defineMutator(candidateCreateSchema, async opts => {
      await assertOption(opts.tx, 'sectorID', opts.args.sectorID);
      await createCandidate(opts, Date.now());
    }),
    update: defineMutator(candidateUpdateSchema, async opts => {
      if (opts.args.statusID !== undefined) await assertOption(opts.tx, 'statusID', opts.args.statusID);
      await updateCandidate(opts, Date.now());
    }),
  },
});
