import {defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {candidateQueries} from '../candidates/queries.ts';
import {id} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** How many candidates the transfer's picker offers at a time: a search narrows them. */
const TARGET_LIMIT = 12;

export const transferTargetsSchema = v.object({
  search: v.pipe(v.string(), v.trim(), v.maxLength(50)),
  gender: v.picklist(['male', 'female']),
  exceptID: id,
});

export const transferQueries = namedQueries('activities', {
  /**
   * The cards activities may be transferred to: the candidate list's own search (so only cards the
   * user may see), of the source card's gender, without the source card itself.
   */
  transferTargets: defineQuery(transferTargetsSchema, ({args, ctx}) =>
    candidateQueries.list
      .fn({args: {filters: {search: args.search}, sort: 'name', dir: 'asc', limit: TARGET_LIMIT}, ctx})
      .where('gender', args.gender)
      .where('id', '!=', args.exceptID),
  ),
});
