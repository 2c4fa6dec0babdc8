import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';

type FolderQuery<R> = Query<'pageFolder', Schema, R>;
type PageQuery<R> = Query<'page', Schema, R>;

/**
 * The folders of staff pages a user may read (issue 17): their own, and those shared with all staff.
 * Another user's private folder never reaches them, nor anything in it. A blocked user (or no session)
 * gets a filter that matches nothing (a primary key is never null).
 */
export function visibleFolders<R>(q: FolderQuery<R>, ctx: AuthContext | undefined): FolderQuery<R> {
  if (!ctx || ctx.role === 'blocked') return q.where('id', 'IS', null);
  return q.where(({or, cmp}) => or(cmp('ownerID', ctx.userID), cmp('shared', true)));
}

/** The pages a user may read: exactly those in a folder they may read. */
export function visiblePages<R>(q: PageQuery<R>, ctx: AuthContext | undefined): PageQuery<R> {
  return q.whereExists('folder', f => visibleFolders(f, ctx));
}

/**
 * Who writes a folder (renames it, shares or unshares it, deletes it) and the pages in it: its owner,
 * and an administrator a shared one. Shared folders hold the office's guidelines and templates, which
 * every staff member reads but not every staff member rewrites; a private folder stays its owner's alone.
 */
export const mayWriteFolder = (ctx: AuthContext, folder: {ownerID: string; shared: boolean}) =>
  folder.ownerID === ctx.userID || (folder.shared && ctx.role === 'admin');
