import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {siteSettingsFor} from '../../permissions/site.ts';
import {namedQueries} from '../lib/named-queries.ts';

export const siteQueries = namedQueries('site', {
  /** The one row of site-wide switches. */
  settings: defineQuery(({ctx}) => siteSettingsFor(zql.siteSetting, ctx).one()),
});
