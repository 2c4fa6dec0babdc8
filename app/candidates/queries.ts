import {defineQuery, escapeLike} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {candidateListSchema} from './schema.ts';

export const candidateQueries = {
  /** The candidate list: visible profiles by surname, a growing window, optional prefix search. */
  list: defineQuery(candidateListSchema, ({args, ctx}) => {
    let q = visibleProfiles(zql.profile, ctx);
    if (args.search) {
      const prefix = `${escapeLike(args.search)}%`;
      q = q.where(({or, cmp}) =>
        or(cmp('surname', 'ILIKE', prefix), cmp('forename', 'ILIKE', prefix), cmp('city', 'ILIKE', prefix)),
      );
    }
    return q
      .related('owner', o => o.one())
      .orderBy('surname', 'asc')
      .orderBy('forename', 'asc')
      .orderBy('id', 'asc')
      .limit(args.limit);
  }),
};
