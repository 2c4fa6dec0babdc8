import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {visibleCouples} from '../../permissions/engaged-couples.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * The reports' heartbeats: the newest change among the activities and the couples this user may see
 * (the cards' own is candidates.pulse). The reports are counted by the server in SQL; a beat asks for
 * them again, so an open report follows everyone's work without Zero having to count.
 */
export const reportQueries = namedQueries('reports', {
  activitiesPulse: defineQuery(({ctx}) =>
    visibleActivities(zql.activity, ctx).orderBy('updatedAt', 'desc').orderBy('id', 'desc').one(),
  ),
  couplesPulse: defineQuery(({ctx}) =>
    visibleCouples(zql.engagedCouple, ctx).orderBy('updatedAt', 'desc').orderBy('id', 'desc').one(),
  ),
});
