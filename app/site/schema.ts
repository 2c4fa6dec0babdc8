import * as v from 'valibot';
import {LOCALES, type Locale} from '../../zero-schema.ts';

/** The site-wide switches (spec §2 maintenance, add-shidduch-idea's feature flag, §6 the forum option). */
export type SiteKey = 'maintenance' | 'ideaBank' | 'forum';
/** The switches and the default language (spec §9): what a browser shows until its user picks one. */
export type SiteSettings = Record<SiteKey, boolean> & {defaultLanguage: Locale};

/** As migrations/0009 and 0028 seed them; the browser uses these until the row has synced. */
export const DEFAULT_SITE: SiteSettings = {maintenance: false, ideaBank: true, forum: true, defaultLanguage: 'he'};

export const siteUpdateSchema = v.strictObject({
  maintenance: v.optional(v.boolean()),
  ideaBank: v.optional(v.boolean()),
  forum: v.optional(v.boolean()),
  defaultLanguage: v.optional(v.picklist(LOCALES)),
});
