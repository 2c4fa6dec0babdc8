import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {mayDeleteSavedSearch, visibleSavedSearches} from '../../permissions/saved-searches.ts';
import {
  pinOrderSchema,
  savedSearchCreateSchema,
  savedSearchIDSchema,
  savedSearchUpdateSchema,
  type SavedSearchCreate,
  type SavedSearchUpdate,
} from './schema.ts';
import type {FilterSet} from '../tables/saved-searches.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/** Saving a search is for staff who see cards; one that uses the free builder needs freeFiltering too (spec §6). */
function assertMaySave(ctx: AuthContext | undefined, filters: FilterSet | undefined): asserts ctx is AuthContext {
  assertCan(ctx, 'showTickets');
  if (filters?.free) assertCan(ctx, 'freeFiltering');
}

/** A search this user may see, or notFound: a refusal says nothing of another user's private search. */
async function visibleSearch(tx: Transaction, ctx: AuthContext, id: string) {
  const row = await tx.run(visibleSavedSearches(zql.savedSearch, ctx).where('id', id).one());
  if (!row) throw new AppError('notFound');
  return row;
}

/** The position after the user's last pin: a new pin goes to the end of their menu. */
async function nextPinPosition(tx: Transaction, userID: string) {
  const last = await tx.run(zql.savedSearchPin.where('userID', userID).orderBy('position', 'desc').one());
  return last ? last.position + 1 : 0;
}

export async function createSavedSearch({tx, ctx, args}: Write<SavedSearchCreate>, now: number) {
  assertMaySave(ctx, args.filters);
  if (await tx.run(zql.savedSearch.where('id', args.id).one())) throw new AppError('unableToSave');
  const {pin, ...search} = args;
  await tx.mutate.savedSearch.insert({...search, ownerID: ctx.userID, createdAt: now, updatedAt: now});
  if (pin)
    await tx.mutate.savedSearchPin.insert({
      userID: ctx.userID,
      searchID: args.id,
      position: await nextPinPosition(tx, ctx.userID),
    });
}

/** The owner renames a search, shares it or takes it back, or gives it new filters. */
export async function updateSavedSearch({tx, ctx, args}: Write<SavedSearchUpdate>, now: number) {
  assertMaySave(ctx, args.filters);
  const row = await visibleSearch(tx, ctx, args.id);
  if (row.ownerID !== ctx.userID) throw new AppError('forbidden');
  await tx.mutate.savedSearch.update({
    id: args.id,
    title: args.title,
    shared: args.shared,
    ...(args.filters ? {filters: args.filters} : {}),
    ...(args.sort ? {sort: args.sort} : {}),
    ...(args.dir ? {dir: args.dir} : {}),
    updatedAt: now,
  });
  // Made private again: the others who pinned it lose the pin (they no longer see the search).
  if (!args.shared) {
    for (const pin of await tx.run(zql.savedSearchPin.where('searchID', args.id).where('userID', '!=', ctx.userID))) {
      await tx.mutate.savedSearchPin.delete({userID: pin.userID, searchID: pin.searchID});
    }
  }
}

/** Deletes a search and every pin of it: its owner, or an administrator a shared one. */
export async function deleteSavedSearch({tx, ctx, args}: Write<{id: string}>) {
  assertCan(ctx, 'showTickets');
  const row = await visibleSearch(tx, ctx, args.id);
  if (!mayDeleteSavedSearch(ctx, row)) throw new AppError('forbidden');
  for (const pin of await tx.run(zql.savedSearchPin.where('searchID', args.id))) {
    await tx.mutate.savedSearchPin.delete({userID: pin.userID, searchID: pin.searchID});
  }
  await tx.mutate.savedSearch.delete({id: args.id});
}

/** Pins a search the user sees (their own or a shared one) at the end of their menu; pinned already is fine. */
export async function pinSavedSearch({tx, ctx, args}: Write<{id: string}>) {
  assertCan(ctx, 'showTickets');
  await visibleSearch(tx, ctx, args.id);
  if (await tx.run(zql.savedSearchPin.where('userID', ctx.userID).where('searchID', args.id).one())) return;
  await tx.mutate.savedSearchPin.insert({userID: ctx.userID, searchID: args.id, position: await nextPinPosition(tx, ctx.userID)});
}

export async function unpinSavedSearch({tx, ctx, args}: Write<{id: string}>) {
  assertCan(ctx, 'showTickets');
  const pin = await tx.run(zql.savedSearchPin.where('userID', ctx.userID).where('searchID', args.id).one());
  if (pin) await tx.mutate.savedSearchPin.delete({userID: ctx.userID, searchID: args.id});
}

/** Puts the user's pins in the given order; every id must be one of their pins. */
export async function reorderPins({tx, ctx, args}: Write<{ids: string[]}>) {
  assertCan(ctx, 'showTickets');
  const mine = new Set((await tx.run(zql.savedSearchPin.where('userID', ctx.userID))).map(p => p.searchID));
  if (new Set(args.ids).size !== args.ids.length || args.ids.some(id => !mine.has(id))) {
    throw new AppError('invalidInput', [{field: 'ids', message: 'invalidInput'}]);
  }
  for (const [position, searchID] of args.ids.entries()) {
    await tx.mutate.savedSearchPin.update({userID: ctx.userID, searchID, position});
  }
}

/** Saved searches and the user's menu pins (issue 14). The server runs these same checks with its own ctx. */
export const savedSearchMutators = {
  create: defineMutator(savedSearchCreateSchema, opts => createSavedSearch(opts, Date.now())),
  update: defineMutator(savedSearchUpdateSchema, opts => updateSavedSearch(opts, Date.now())),
  delete: defineMutator(savedSearchIDSchema, opts => deleteSavedSearch(opts)),
  pin: defineMutator(savedSearchIDSchema, opts => pinSavedSearch(opts)),
  unpin: defineMutator(savedSearchIDSchema, opts => unpinSavedSearch(opts)),
  reorderPins: defineMutator(pinOrderSchema, opts => reorderPins(opts)),
};
