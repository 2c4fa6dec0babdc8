import * as v from 'valibot';

/** The site-wide switches (spec §2 maintenance, add-shidduch-idea's feature flag, §6 the forum option). */
export const SITE_KEYS = ['maintenance', 'ideaBank', 'forum'] as const;
export type SiteKey = (typeof SITE_KEYS)[number];
export type SiteSettings = Record<SiteKey, boolean>;

/** As migrations/0009 seeds them; the browser uses these until the row has synced. */
export const DEFAULT_SITE: SiteSettings = {maintenance: false, ideaBank: true, forum: true};

export const siteUpdateSchema = v.strictObject({
  maintenance: v.optional(v.boolean()),
  ideaBank: v.optional(v.boolean()),
  forum: v.optional(v.boolean()),
});
