import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {can} from '../../permissions/context.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * Representatives with the place they represent, retired ones too (the screen restores them). Only
 * for coordinator editing (editShadchanim): their emails and phones are staff contacts.
 */
export const representativeQueries = namedQueries('representatives', {
  all: defineQuery(({ctx}) => {
    const q = zql.representative.related('institution').related('community').orderBy('name', 'asc').orderBy('id', 'asc');
    return can(ctx, 'editShadchanim') ? q : q.where('id', 'IS', null);
  }),
});
