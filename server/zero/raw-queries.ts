import {defineQueries, defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {SORT_COLUMNS} from '../../app/candidates/queries.ts';
import {applyFilters} from '../../app/candidates/search/apply.ts';
import {candidateListSchema} from '../../app/candidates/search/filters.ts';
import {REMINDER_LIMIT} from '../../app/activities/queries.ts';
import {zql} from '../../zero-schema.ts';
import {idArgsSchema} from '../../app/lib/schema-parts.ts';

/**
 * The bench's floor: the rows Kesher's queries sync, as plain Zero queries with no permission filter
 * and no relationships beyond the rows themselves. They read every card whoever asks, so the API
 * registers them only when started for the bench (ApiOptions.benchQueries: development mode and
 * KESHER_BENCH_QUERIES=1, which only the bench's stack sets); anywhere else their names are unknown.
 */
export const rawQueries = defineQueries({
  bench: {
    /** candidates.list's filter and order, without visibleProfiles, the bin/pending exclusions and the owner. */
    rawList: defineQuery(candidateListSchema, ({args, ctx}) => {
      const column = SORT_COLUMNS[args.sort];
      const dir = args.sort === 'age' ? (args.dir === 'asc' ? 'desc' : 'asc') : args.dir;
      return applyFilters(zql.profile, args.filters, ctx).orderBy(column, dir).orderBy('id', dir).limit(args.limit);
    }),
    /** candidates.card's profile and details, without the lookups' names and the permission filter. */
    rawCard: defineQuery(idArgsSchema, ({args}) =>
      zql.profile
        .where('id', args.id)
        .related('detail', d => d.one())
        .one(),
    ),
    /** activities.myReminders' rows and both cards, unfiltered. */
    rawReminders: defineQuery(v.object({userID: v.string()}), ({args}) =>
      zql.activity
        .where('createdBy', args.userID)
        .where('status', 'in_progress')
        .where('reminderAt', 'IS NOT', null)
        .related('maleProfile', q => q.one())
        .related('femaleProfile', q => q.one())
        .orderBy('reminderAt', 'asc')
        .orderBy('id', 'asc')
        .limit(REMINDER_LIMIT),
    ),
    /** candidates.pulse without the permission filter. */
    rawPulse: defineQuery(() => zql.profile.orderBy('updatedAt', 'desc').orderBy('id', 'desc').one()),
  },
});
