import * as v from 'valibot';
import {filterSetSchema} from '../candidates/search/filters.ts';
import {SAVED_SEARCH_VIEWS, SORT_KEYS} from '../tables/saved-searches.ts';
import {id, text} from '../lib/schema-parts.ts';

/** A title as the menu shows it: short enough for one line of the side menu. */
export const TITLE_MAX = 80;

/** Days without activity the needs-attention preset starts at, and how many of each shadchan's cards it lists. */
export const NEEDS_ATTENTION_DAYS = 30;
export const NEEDS_ATTENTION_PER_SHADCHAN = 5;

/**
 * A new saved search (issue 14): a title, the list's filter set and sort as the /home URL holds them,
 * private or shared with all staff, and whether to pin it to the saver's menu at once. Issue messages
 * are message keys (app/lib/field-errors.ts).
 */
export const savedSearchCreateSchema = v.object({
  id,
  title: text(TITLE_MAX),
  filters: filterSetSchema,
  sort: v.picklist(SORT_KEYS, 'invalidInput'),
  dir: v.picklist(['asc', 'desc'], 'invalidInput'),
  view: v.picklist(SAVED_SEARCH_VIEWS, 'invalidInput'),
  shared: v.boolean('invalidInput'),
  pin: v.boolean('invalidInput'),
});
export type SavedSearchCreate = v.InferOutput<typeof savedSearchCreateSchema>;

/**
 * An edit by its owner: the title and sharing, and, when given, new filters and sort (the list's
 * "save search" dialog replaces a search's filters with the ones on screen).
 */
export const savedSearchUpdateSchema = v.object({
  id,
  title: text(TITLE_MAX),
  shared: v.boolean('invalidInput'),
  filters: v.optional(filterSetSchema),
  sort: v.optional(v.picklist(SORT_KEYS, 'invalidInput')),
  dir: v.optional(v.picklist(['asc', 'desc'], 'invalidInput')),
});
export type SavedSearchUpdate = v.InferOutput<typeof savedSearchUpdateSchema>;

export const savedSearchIDSchema = v.object({id});

/** The user's pins in their new order: each of their pinned searches once. */
export const pinOrderSchema = v.object({
  ids: v.pipe(v.array(id, 'invalidInput'), v.minLength(1, 'required'), v.maxLength(50, 'tooLong')),
});

/** Days without activity, as the filter set's idleDays takes them. */
export const needsAttentionDaysSchema = v.object({
  days: v.pipe(v.number('required'), v.integer('invalidNumber'), v.minValue(1, 'outOfRange'), v.maxValue(3650, 'outOfRange')),
});

/** The needs-attention view: cards idle for `days`, the `perShadchan` most neglected of each shadchan. */
export const needsAttentionSchema = v.object({
  ...needsAttentionDaysSchema.entries,
  perShadchan: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20)),
});
export type NeedsAttentionArgs = v.InferOutput<typeof needsAttentionSchema>;
