import {defineMutator, defineMutators, type Transaction} from '@rocicorp/zero';
import {mutators} from '../../app/mutators.ts';
import {candidateCreateSchema, candidateUpdateSchema} from '../../app/candidates/schema.ts';
import {createCandidate, updateCandidate} from '../../app/candidates/mutators.ts';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';

/**
 * Server versions of the shared mutators. They run the same code with the context built from the
 * session, check references against the database (the browser may hold only part of it), and stamp
 * timestamps from the server's clock.
 */
const OPTION_TABLES = {
  sectorID: (id: string) => zql.sector.where('id', id).one(),
  statusID: (id: string) => zql.profileStatus.where('id', id).one(),
};

async function assertOption(tx: Transaction, field: keyof typeof OPTION_TABLES, id: string) {
  if (!(await tx.run(OPTION_TABLES[field](id)))) throw new AppError('unknownOption', [{field, message: 'unknownOption'}]);
}

export const serverMutators = defineMutators(mutators, {
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
