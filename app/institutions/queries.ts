import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * Institutions, retired ones too: a card that names a retired one still shows it, and the
 * administration screen restores them. Every signed-in user may read them (the card's field offers them).
 */
export const institutionQueries = namedQueries('institutions', {
  all: defineQuery(() => zql.institution.orderBy('name', 'asc').orderBy('id', 'asc')),
});
