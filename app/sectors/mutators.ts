import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {nameClash} from '../lib/name-clash.ts';
import {communitySchema, orderSchema, retireSchema, sectorSchema, type CommunityArgs, type SectorArgs} from './schema.ts';

/**
 * Sectors and communities (the /sectors screen). Guarded by editSchools: the spec's control panel keeps
 * "communities and institutions" together, and that is the permission to edit institutions.
 */
/** Places rows are listed in steps of 10, so the demo's and the seed's orders interleave sensibly. */
const STEP = 10;

/** A new order must name every row of the list exactly once. */
function assertWholeOrder(ids: readonly string[], existing: ReadonlyArray<{id: string}>) {
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== existing.length || existing.some(row => !given.has(row.id))) {
    throw new AppError('invalidInput', [{field: 'ids', message: 'invalidInput'}]);
  }
}

async function sectorLabelsFree(tx: Transaction, args: SectorArgs) {
  const others = (await tx.run(zql.sector.where('id', '!=', args.id))).map(o => Object.values(o.labels));
  if (nameClash(Object.values(args.labels), others))
    throw new AppError('nameExists', [{field: 'labels.he', message: 'nameExists'}]);
}

async function communityNameFree(tx: Transaction, args: CommunityArgs) {
  const others = (await tx.run(zql.community.where('id', '!=', args.id))).map(o => [o.name]);
  if (nameClash([args.name], others)) throw new AppError('nameExists', [{field: 'name', message: 'nameExists'}]);
}

export const sectorMutators = {
  /** A new sector, last in the order. */
  create: defineMutator(sectorSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    const all = await tx.run(zql.sector);
    if (all.some(row => row.id === args.id)) throw new AppError('unableToSave');
    await sectorLabelsFree(tx, args);
    const sort = Math.max(0, ...all.map(row => row.sort)) + STEP;
    await tx.mutate.sector.insert({id: args.id, labels: args.labels, sort, createdAt: Date.now()});
  }),
  rename: defineMutator(sectorSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    if (!(await tx.run(zql.sector.where('id', args.id).one()))) throw new AppError('notFound');
    await sectorLabelsFree(tx, args);
    await tx.mutate.sector.update({id: args.id, labels: args.labels});
  }),
  reorder: defineMutator(orderSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    assertWholeOrder(args.ids, await tx.run(zql.sector));
    for (const [i, id] of args.ids.entries()) await tx.mutate.sector.update({id, sort: (i + 1) * STEP});
  }),
  /** Retired: kept on the cards that have it, offered for no new choice. Or brought back. */
  retire: defineMutator(retireSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    if (!(await tx.run(zql.sector.where('id', args.id).one()))) throw new AppError('notFound');
    await tx.mutate.sector.update({id: args.id, retiredAt: args.retired ? Date.now() : null});
  }),
};

export const communityMutators = {
  create: defineMutator(communitySchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    const all = await tx.run(zql.community);
    if (all.some(row => row.id === args.id)) throw new AppError('unableToSave');
    await communityNameFree(tx, args);
    const sort = Math.max(0, ...all.map(row => row.sort)) + STEP;
    await tx.mutate.community.insert({id: args.id, name: args.name, sort, createdAt: Date.now()});
  }),
  rename: defineMutator(communitySchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    if (!(await tx.run(zql.community.where('id', args.id).one()))) throw new AppError('notFound');
    await communityNameFree(tx, args);
    await tx.mutate.community.update({id: args.id, name: args.name});
  }),
  reorder: defineMutator(orderSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    assertWholeOrder(args.ids, await tx.run(zql.community));
    for (const [i, id] of args.ids.entries()) await tx.mutate.community.update({id, sort: (i + 1) * STEP});
  }),
  retire: defineMutator(retireSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, 'editSchools');
    if (!(await tx.run(zql.community.where('id', args.id).one()))) throw new AppError('notFound');
    await tx.mutate.community.update({id: args.id, retiredAt: args.retired ? Date.now() : null});
  }),
};
