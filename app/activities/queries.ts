import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';

/** How many reminders the bell keeps live: the nearest ones matter, the rest are a click away. */
export const REMINDER_LIMIT = 20;

export const activityQueries = {
  /**
   * The signed-in user's open activities that have a reminder, soonest first (the top bar's bell).
   * The people on them come through the same profile filter as everywhere else.
   */
  myReminders: defineQuery(({ctx}) =>
    zql.activity
      .where('createdBy', ctx?.userID ?? '')
      .where('status', 'in_progress')
      .where('reminderAt', 'IS NOT', null)
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .orderBy('reminderAt', 'asc')
      .orderBy('id', 'asc')
      .limit(REMINDER_LIMIT),
  ),
};
