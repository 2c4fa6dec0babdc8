import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {siteSettingsFor} from '../../permissions/site.ts';

export const siteQueries = {
  /** The one row of site-wide switches. */
  settings: defineQuery(({ctx}) => siteSettingsFor(zql.siteSetting, ctx).one()),
};
