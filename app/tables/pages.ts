/**
 * Staff pages and their folders (issue 17, migrations/0044). Read only through app/pages/queries.ts,
 * which applies permissions/pages.ts; a page's text (pageContent) syncs only with the opened page.
 */
import {boolean, json, number, relationships, string, table} from '@rocicorp/zero';
import type {PageDoc} from '../pages/content.ts';
import {user} from './staff.ts';

export const pageFolder = table('pageFolder')
  .from('page_folder')
  .columns({
    id: string(),
    ownerID: string().from('owner_id'),
    name: string(),
    shared: boolean(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

export const page = table('page')
  .columns({
    id: string(),
    folderID: string().from('folder_id'),
    title: string(),
    revision: number(),
    createdBy: string().from('created_by').optional(),
    updatedBy: string().from('updated_by').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

export const pageContent = table('pageContent')
  .from('page_content')
  .columns({
    pageID: string().from('page_id'),
    content: json<PageDoc>(),
  })
  .primaryKey('pageID');

export const pageFolderRelationships = relationships(pageFolder, ({one, many}) => ({
  owner: one({sourceField: ['ownerID'], destField: ['id'], destSchema: user}),
  pages: many({sourceField: ['id'], destField: ['folderID'], destSchema: page}),
}));

export const pageRelationships = relationships(page, ({one}) => ({
  folder: one({sourceField: ['folderID'], destField: ['id'], destSchema: pageFolder}),
  content: one({sourceField: ['id'], destField: ['pageID'], destSchema: pageContent}),
  editor: one({sourceField: ['updatedBy'], destField: ['id'], destSchema: user}),
}));
