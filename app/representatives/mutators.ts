import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {nameClash} from '../lib/name-clash.ts';
import {
  representativeRetireSchema,
  representativeSchema,
  type RepresentativeArgs,
  type RepresentativeRetireArgs,
} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
/** The server's own step after the row is written (server/representatives/account.ts): the sign-in account. */
export type AfterWrite = (args: RepresentativeArgs) => Promise<void>;

/**
 * The representative's values, after checking the name is no other representative's (retired ones too)
 * and the place is an institution of the role's kind or a community. A retired place may stay on a
 * representative who has it, but cannot be newly chosen.
 */
async function checkedValues(tx: Transaction, args: RepresentativeArgs, keptPlace: string | null | undefined) {
  const others = (await tx.run(zql.representative.where('id', '!=', args.id))).map(o => [o.name]);
  if (nameClash([args.name], others)) throw new AppError('nameExists', [{field: 'name', message: 'nameExists'}]);
  const role = args.role;
  const community = role === 'community';
  const place =
    role === 'community'
      ? await tx.run(zql.community.where('id', args.placeID).one())
      : await tx.run(zql.institution.where('id', args.placeID).where('type', role).one());
  if (!place || (place.retiredAt != null && place.id !== keptPlace)) {
    throw new AppError('unknownOption', [{field: 'placeID', message: 'unknownOption'}]);
  }
  return {
    name: args.name,
    role: args.role,
    gender: args.gender || null,
    email: args.email || null,
    phone: args.phone || null,
    formCoordinator: args.formCoordinator,
    inquiryContact: args.inquiryContact,
    phoneHours: args.phoneHours,
    institutionID: community ? null : args.placeID,
    communityID: community ? args.placeID : null,
  };
}

export async function createRepresentative({tx, ctx, args}: Write<RepresentativeArgs>, now: number, after?: AfterWrite) {
  assertCan(ctx, 'editShadchanim');
  if (await tx.run(zql.representative.where('id', args.id).one())) throw new AppError('unableToSave');
  const values = await checkedValues(tx, args, undefined);
  await tx.mutate.representative.insert({id: args.id, ...values, createdAt: now, updatedAt: now});
  await after?.(args);
}

export async function updateRepresentative({tx, ctx, args}: Write<RepresentativeArgs>, now: number, after?: AfterWrite) {
  assertCan(ctx, 'editShadchanim');
  const row = await tx.run(zql.representative.where('id', args.id).one());
  if (!row) throw new AppError('notFound');
  const values = await checkedValues(tx, args, row.institutionID ?? row.communityID);
  await tx.mutate.representative.update({id: args.id, ...values, updatedAt: now});
  await after?.(args);
}

/** Retires a representative (their account no longer sees any card) or brings them back. */
export async function retireRepresentative({tx, ctx, args}: Write<RepresentativeRetireArgs>, now: number) {
  assertCan(ctx, 'editShadchanim');
  if (!(await tx.run(zql.representative.where('id', args.id).one()))) throw new AppError('notFound');
  await tx.mutate.representative.update({id: args.id, retiredAt: args.retired ? now : null, updatedAt: now});
}

export const representativeMutators = {
  create: defineMutator(representativeSchema, opts => createRepresentative(opts, Date.now())),
  update: defineMutator(representativeSchema, opts => updateRepresentative(opts, Date.now())),
  retire: defineMutator(representativeRetireSchema, opts => retireRepresentative(opts, Date.now())),
};
