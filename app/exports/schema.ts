import * as v from 'valibot';
import {LOCALES} from '../tables/shared.ts';
import {filterSetSchema} from '../candidates/search/filters.ts';
import {TITLE_MAX} from '../saved-searches/schema.ts';

/** What can be exported to Excel (spec §1, §6 "general Excel export"). */
export const EXPORT_KINDS = ['profiles', 'activities', 'shadchanim', 'couples'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A job's life: running until its file is ready (or it failed); a day later its file is gone (expired). */
export type ExportStatus = 'running' | 'ready' | 'failed' | 'expired';

/**
 * POST /api/exports: what to export, in which language. A profiles export takes the candidate search's
 * filter set (the /home URL's, or a saved search's, whose title it keeps); `{}` is every card the user
 * may see. Other kinds take no filters.
 */
export const exportRequestSchema = v.pipe(
  v.object({
    kind: v.picklist(EXPORT_KINDS, 'invalidInput'),
    filters: v.optional(filterSetSchema, {}),
    title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(TITLE_MAX, 'tooLong')), ''),
    locale: v.picklist(LOCALES, 'invalidInput'),
  }),
  v.forward(
    v.check(({kind, filters}) => kind === 'profiles' || Object.keys(filters).length === 0, 'invalidInput'),
    ['filters'],
  ),
);
export type ExportRequest = v.InferOutput<typeof exportRequestSchema>;
