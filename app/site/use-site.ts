import {useQuery} from '@rocicorp/zero/react';
import {queries} from '../queries.ts';
import {DEFAULT_SITE, type SiteSettings} from './schema.ts';

/** The site's settings, live; `known` is false until the row has arrived (guards wait for it). */
export function useSite(): SiteSettings & {known: boolean} {
  const [row, details] = useQuery(queries.site.settings());
  const settings: SiteSettings = row
    ? {maintenance: row.maintenance, ideaBank: row.ideaBank, forum: row.forum, defaultLanguage: row.defaultLanguage}
    : DEFAULT_SITE;
  return {...settings, known: row !== undefined || details.type === 'complete'};
}
