import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertLoggedIn, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {mayWriteFolder, visibleFolders, visiblePages} from '../../permissions/pages.ts';
import {
  folderSchema,
  pageCreateSchema,
  pageIDSchema,
  pageSaveSchema,
  type FolderArgs,
  type PageCreate,
  type PageSave,
} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * A folder this user may write. One they may not read is notFound (a refusal says nothing of another
 * user's private folder); one they read but may not write is forbidden.
 */
async function writableFolder(tx: Transaction, ctx: AuthContext, id: string) {
  const folder = await tx.run(visibleFolders(zql.pageFolder, ctx).where('id', id).one());
  if (!folder) throw new AppError('notFound');
  if (!mayWriteFolder(ctx, folder)) throw new AppError('forbidden');
  return folder;
}

/** A page this user may write, by the same rule as its folder. */
async function writablePage(tx: Transaction, ctx: AuthContext, id: string) {
  const page = await tx.run(visiblePages(zql.page, ctx).where('id', id).one());
  if (!page) throw new AppError('notFound');
  await writableFolder(tx, ctx, page.folderID);
  return page;
}

export async function createFolder({tx, ctx, args}: Write<FolderArgs>, now: number) {
  assertLoggedIn(ctx);
  if (await tx.run(zql.pageFolder.where('id', args.id).one())) throw new AppError('unableToSave');
  await tx.mutate.pageFolder.insert({...args, ownerID: ctx.userID, createdAt: now, updatedAt: now});
}

/** Renames a folder, shares it or makes it private again (then only its owner reads its pages). */
export async function updateFolder({tx, ctx, args}: Write<FolderArgs>, now: number) {
  assertLoggedIn(ctx);
  await writableFolder(tx, ctx, args.id);
  await tx.mutate.pageFolder.update({id: args.id, name: args.name, shared: args.shared, updatedAt: now});
}

/** Deletes a folder with its pages (the screen asks first, naming how many). */
export async function deleteFolder({tx, ctx, args}: Write<{id: string}>) {
  assertLoggedIn(ctx);
  await writableFolder(tx, ctx, args.id);
  for (const page of await tx.run(zql.page.where('folderID', args.id))) {
    await tx.mutate.pageContent.delete({pageID: page.id});
    await tx.mutate.page.delete({id: page.id});
  }
  await tx.mutate.pageFolder.delete({id: args.id});
}

export async function createPage({tx, ctx, args}: Write<PageCreate>, now: number) {
  assertLoggedIn(ctx);
  await writableFolder(tx, ctx, args.folderID);
  if (await tx.run(zql.page.where('id', args.id).one())) throw new AppError('unableToSave');
  await tx.mutate.page.insert({
    id: args.id,
    folderID: args.folderID,
    title: args.title,
    revision: 1,
    createdBy: ctx.userID,
    updatedBy: ctx.userID,
    createdAt: now,
    updatedAt: now,
  });
  await tx.mutate.pageContent.insert({pageID: args.id, content: args.content});
}

/**
 * Saves a page's title and text over the revision the editor started from. If someone saved since,
 * the save is refused (editConflict) and nothing is written: no one's words are silently overwritten.
 */
export async function savePage({tx, ctx, args}: Write<PageSave>, now: number) {
  assertLoggedIn(ctx);
  const page = await writablePage(tx, ctx, args.id);
  if (page.revision !== args.revision) throw new AppError('editConflict', [{field: 'content', message: 'pageEditConflict'}]);
  await tx.mutate.page.update({
    id: args.id,
    title: args.title,
    revision: args.revision + 1,
    updatedBy: ctx.userID,
    updatedAt: now,
  });
  await tx.mutate.pageContent.upsert({pageID: args.id, content: args.content});
}

export async function deletePage({tx, ctx, args}: Write<{id: string}>) {
  assertLoggedIn(ctx);
  await writablePage(tx, ctx, args.id);
  await tx.mutate.pageContent.delete({pageID: args.id});
  await tx.mutate.page.delete({id: args.id});
}

/** Staff pages' folders (issue 17). The server runs these same checks with the context from the session. */
export const pageFolderMutators = {
  create: defineMutator(folderSchema, opts => createFolder(opts, Date.now())),
  update: defineMutator(folderSchema, opts => updateFolder(opts, Date.now())),
  delete: defineMutator(pageIDSchema, opts => deleteFolder(opts)),
};

/** Staff pages (issue 17). */
export const pageMutators = {
  create: defineMutator(pageCreateSchema, opts => createPage(opts, Date.now())),
  save: defineMutator(pageSaveSchema, opts => savePage(opts, Date.now())),
  delete: defineMutator(pageIDSchema, opts => deletePage(opts)),
};
