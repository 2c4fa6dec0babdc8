import * as v from 'valibot';
import {pageDocSchema} from './content.ts';
import {id, text} from '../lib/schema-parts.ts';

/** A folder's name fits one line of the folder list; a page's title one line of its header. */
export const FOLDER_NAME_MAX = 80;
export const PAGE_TITLE_MAX = 120;

/** A new folder, or an edit of one by its writer: its name, and private or shared with all staff. */
export const folderSchema = v.object({
  id,
  name: text(FOLDER_NAME_MAX),
  shared: v.boolean('invalidInput'),
});
export type FolderArgs = v.InferOutput<typeof folderSchema>;

/** A new page in a folder: a title and its first text. */
export const pageCreateSchema = v.object({
  id,
  folderID: id,
  title: text(PAGE_TITLE_MAX),
  content: pageDocSchema,
});
export type PageCreate = v.InferOutput<typeof pageCreateSchema>;

/**
 * A save of a page: its title and whole text, and the revision the editor started from. A save whose
 * revision is no longer the page's (someone saved in between) is refused, not laid over theirs; the
 * editor then offers their version or to keep the user's own (PageEditor.tsx).
 */
export const pageSaveSchema = v.object({
  id,
  title: text(PAGE_TITLE_MAX),
  content: pageDocSchema,
  revision: v.pipe(v.number('invalidInput'), v.integer('invalidInput'), v.minValue(1, 'invalidInput')),
});
export type PageSave = v.InferOutput<typeof pageSaveSchema>;

export const pageIDSchema = v.object({id});
