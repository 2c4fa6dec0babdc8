import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {cardArgsSchema} from '../candidates/schema.ts';

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

  /**
   * A card's activities, newest first (the card's timeline), of a card the user may see, with the other
   * side's card only where the user may see it too, the author and the comments.
   */
  ofCard: defineQuery(cardArgsSchema, ({args, ctx}) =>
    visibleActivities(zql.activity, ctx)
      // Only through a card the user may see: a hidden card's timeline answers nothing.
      .where(({or, and, cmp, exists}) =>
        or(
          and(
            cmp('maleProfileID', args.id),
            exists('maleProfile', p => visibleProfiles(p, ctx)),
          ),
          and(
            cmp('femaleProfileID', args.id),
            exists('femaleProfile', p => visibleProfiles(p, ctx)),
          ),
        ),
      )
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .related('author', q => q.one())
      .related('comments', q =>
        q
          .related('author', a => a.one())
          .orderBy('createdAt', 'asc')
          .orderBy('id', 'asc'),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(200),
  ),
};
