/**
 * What the candidate search matches on (issue 14, migrations/0030), kept by the database from each
 * card: its search keys and its free-builder facets. Both are joined with whereExists only, on the
 * value typed, so a list syncs just the rows equal to (or starting with) what the user typed.
 */
import {number, string, table} from '@rocicorp/zero';

/**
 * 'w:<folded word>' of the name and city, 'id:<ID number>', 'tel:<E.164>' of the details' phones. The
 * key is opaque (migrations/0047): a row's primary key travels in every delete, to whoever had the row.
 */
export const profileKey = table('profileKey')
  .from('profile_key')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    key: string(),
  })
  .primaryKey('id');

/** One value of a free-builder field (FREE_FIELDS): text and option ids folded, numbers also as `number`. */
export const profileFacet = table('profileFacet')
  .from('profile_facet')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    field: string(),
    value: string(),
    number: number().optional(),
  })
  .primaryKey('id');
