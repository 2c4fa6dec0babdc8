/**
 * Staff pages and their folders (issue 17, migrations/0044). Read only through app/pages/queries.ts,
 * which applies permissions/pages.ts; a page's text (pageContent) syncs only with the opened page.
 */
import {boolean, json, number, relationships, string, table} from '@rocicorp/zero';
import {user} from './staff.ts';

/**
 * A page's rich text as stored: TipTap's ProseMirror JSON, never HTML, with only the nodes and marks the
 * editor offers. app/pages/content.ts's schema checks every save against these types.
 */
export type PageMark =
  | {type: 'bold' | 'italic' | 'underline' | 'strike'}
  | {
      type: 'link';
      attrs: {
        href: string;
        target?: '_blank' | null;
        rel?: 'noopener noreferrer nofollow' | null;
        class?: null;
        title?: string | null;
      };
    };
type NoAttrs = {attrs?: Record<string, never>};
export type PageInline = {type: 'text'; text: string; marks?: PageMark[]} | ({type: 'hardBreak'; marks?: PageMark[]} & NoAttrs);
export type PageBlock =
  | ({type: 'paragraph'; content?: PageInline[]} & NoAttrs)
  | {type: 'heading'; attrs: {level: 1 | 2 | 3}; content?: PageInline[]}
  | ({type: 'bulletList'; content: PageListItem[]} & NoAttrs)
  | {type: 'orderedList'; attrs?: {start?: number; type?: string | null}; content: PageListItem[]}
  | ({type: 'blockquote'; content: PageBlock[]} & NoAttrs)
  | ({type: 'horizontalRule'} & NoAttrs);
export type PageListItem = {type: 'listItem'; content: PageBlock[]} & NoAttrs;
export type PageDoc = {type: 'doc'; content: PageBlock[]} & NoAttrs;

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
