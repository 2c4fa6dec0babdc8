import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {foldName} from '../lib/hebrew-name.ts';
import {nameClash} from '../lib/name-clash.ts';
import {institutionRetireSchema, institutionSchema, type InstitutionArgs, type InstitutionRetireArgs} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * The institution's values, its variations without those that are its own name again, after checking
 * that neither its name nor a variation is another institution's name or variation (retired ones too:
 * restoring one must not meet a twin).
 */
async function checkedValues(tx: Transaction, args: InstitutionArgs) {
  const variations = args.variations.filter(variation => foldName(variation) !== foldName(args.name));
  const others = (await tx.run(zql.institution.where('id', '!=', args.id))).map(o => [o.name, ...o.variations]);
  if (nameClash([args.name], others)) throw new AppError('nameExists', [{field: 'name', message: 'nameExists'}]);
  if (nameClash(variations, others)) throw new AppError('nameExists', [{field: 'variations', message: 'nameExists'}]);
  return {name: args.name, type: args.type, variations};
}

export async function createInstitution({tx, ctx, args}: Write<InstitutionArgs>, now: number) {
  assertCan(ctx, 'editSchools');
  if (await tx.run(zql.institution.where('id', args.id).one())) throw new AppError('unableToSave');
  const values = await checkedValues(tx, args);
  await tx.mutate.institution.insert({id: args.id, ...values, createdAt: now, updatedAt: now});
}

export async function updateInstitution({tx, ctx, args}: Write<InstitutionArgs>, now: number) {
  assertCan(ctx, 'editSchools');
  if (!(await tx.run(zql.institution.where('id', args.id).one()))) throw new AppError('notFound');
  const values = await checkedValues(tx, args);
  await tx.mutate.institution.update({id: args.id, ...values, updatedAt: now});
}

/** Retires an institution (no longer offered; cards that name it keep it) or brings it back. */
export async function retireInstitution({tx, ctx, args}: Write<InstitutionRetireArgs>, now: number) {
  assertCan(ctx, 'editSchools');
  if (!(await tx.run(zql.institution.where('id', args.id).one()))) throw new AppError('notFound');
  await tx.mutate.institution.update({id: args.id, retiredAt: args.retired ? now : null, updatedAt: now});
}

export const institutionMutators = {
  create: defineMutator(institutionSchema, opts => createInstitution(opts, Date.now())),
  update: defineMutator(institutionSchema, opts => updateInstitution(opts, Date.now())),
  retire: defineMutator(institutionRetireSchema, opts => retireInstitution(opts, Date.now())),
};
