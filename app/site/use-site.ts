import {useQuery} from '@rocicorp/zero/react';
import {queries} from '../queries.ts';
import {DEFAULT_SITE, SITE_KEYS, type SiteSettings} from './schema.ts';

/** The site's switches, live; `known` is false until the row has arrived (guards wait for it). */
export function useSite(): SiteSettings & {known: boolean} {
  const [row, details] = useQuery(queries.site.settings());
  const settings = row ? (Object.fromEntries(SITE_KEYS.map(k => [k, row[k]])) as SiteSettings) : DEFAULT_SITE;
  return {...settings, known: row !== undefined || details.type === 'complete'};
}
