import {useQuery} from '@rocicorp/zero/react';
import {siteQueries} from './queries.ts';
import {DEFAULT_SITE, type SiteSettings} from './schema.ts';

/**
 * The site's settings, live. `known` is false until the row has arrived (guards wait for it); it may come from this
 * browser's copy of an earlier visit. `confirmed` is true once the server has answered since this page connected:
 * what sends a user away from the site (the maintenance switch) waits for that, never a stale copy.
 */
export function useSite(): SiteSettings & {known: boolean; confirmed: boolean} {
  const [row, details] = useQuery(siteQueries.settings());
  const settings: SiteSettings = row
    ? {maintenance: row.maintenance, ideaBank: row.ideaBank, forum: row.forum, defaultLanguage: row.defaultLanguage}
    : DEFAULT_SITE;
  const confirmed = details.type === 'complete';
  return {...settings, known: row !== undefined || confirmed, confirmed};
}
