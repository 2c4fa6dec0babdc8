import {defineQuery, type QueryResultType} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleFolders, visiblePages} from '../../permissions/pages.ts';
import {pageIDSchema} from './schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** More folders, and pages in one folder, than anyone keeps: the tree lists them all. */
const FOLDERS_LIMIT = 300;
const PAGES_PER_FOLDER = 500;

export const pageQueries = namedQueries('pages', {
  /**
   * The folder tree (/pages): the user's own folders and the shared ones, by name, each with its owner
   * and its pages' titles (never their text: that syncs only with an opened page).
   */
  folders: defineQuery(({ctx}) =>
    visibleFolders(zql.pageFolder, ctx)
      .related('owner', o => o.one())
      .related('pages', p => p.orderBy('title', 'asc').orderBy('id', 'asc').limit(PAGES_PER_FOLDER))
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(FOLDERS_LIMIT),
  ),

  /** One page with its text, its folder (and that folder's owner) and who saved it last; nothing if it may not be read. */
  one: defineQuery(pageIDSchema, ({args, ctx}) =>
    visiblePages(zql.page, ctx)
      .where('id', args.id)
      .related('content', c => c.one())
      .related('folder', f => f.related('owner', o => o.one()).one())
      .related('editor', e => e.one())
      .one(),
  ),
});

/** An open page with its text, folder and last editor (pages.one's row), as its screen and editor show it. */
export type LivePage = NonNullable<QueryResultType<typeof pageQueries.one>>;
