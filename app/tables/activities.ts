/**
 * Activities (ideas, suggestions, dates, vorts), their comments, and the phone proxy's calls.
 */
import {enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import {profile} from './profiles.ts';
import {user} from './staff.ts';

export const activity = table('activity')
  .columns({
    id: string(),
    type: enumeration<'idea' | 'suggestion' | 'date' | 'vort'>(),
    status: enumeration<'in_progress' | 'done' | 'irrelevant'>(),
    title: string(),
    summary: string(),
    maleProfileID: string().from('male_profile_id').optional(),
    femaleProfileID: string().from('female_profile_id').optional(),
    reminderAt: number().from('reminder_at').optional(),
    createdBy: string().from('created_by'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    // Numbered by the database (migrations/0019): absent from an optimistic row until it syncs.
    code: string().optional(),
    callDurationSeconds: number().from('call_duration_seconds').optional(),
    callerNumber: string().from('caller_number').optional(),
    // The stage this one carries on (issue 31, migrations/0052): moving a pair on opens a new activity.
    previousID: string().from('previous_id').optional(),
  })
  .primaryKey('id');

/** An activity's comments, each with its author and time (migrations/0019). */
export const activityComment = table('activityComment')
  .from('activity_comment')
  .columns({
    id: string(),
    activityID: string().from('activity_id'),
    userID: string().from('user_id'),
    body: string(),
    createdAt: number().from('created_at'),
    // A comment, or a type changed by hand (issue 31, migrations/0052), whose detail names the two types.
    kind: enumeration<'comment' | 'typeChanged'>(),
    detail: json<{from: string; to: string}>().optional(),
  })
  .primaryKey('id');

/**
 * A call through the phone proxy that ended (migrations/0020, published by 0021): whose it was, the
 * caller (E.164, absent when withheld), the card listing that number and the activity opened for it.
 */
export const phoneCall = table('phoneCall')
  .from('phone_call')
  .columns({
    id: string(),
    userID: string().from('user_id'),
    callerNumber: string().from('caller_number').optional(),
    profileID: string().from('profile_id').optional(),
    startedAt: number().from('started_at'),
    durationSeconds: number().from('duration_seconds'),
    activityID: string().from('activity_id').optional(),
  })
  .primaryKey('id');

export const activityRelationships = relationships(activity, ({one, many}) => ({
  maleProfile: one({sourceField: ['maleProfileID'], destField: ['id'], destSchema: profile}),
  femaleProfile: one({sourceField: ['femaleProfileID'], destField: ['id'], destSchema: profile}),
  author: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
  comments: many({sourceField: ['id'], destField: ['activityID'], destSchema: activityComment}),
  previous: one({sourceField: ['previousID'], destField: ['id'], destSchema: activity}),
  next: many({sourceField: ['id'], destField: ['previousID'], destSchema: activity}),
}));

export const phoneCallRelationships = relationships(phoneCall, ({one}) => ({
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  activity: one({sourceField: ['activityID'], destField: ['id'], destSchema: activity}),
}));

export const commentRelationships = relationships(activityComment, ({one}) => ({
  activity: one({sourceField: ['activityID'], destField: ['id'], destSchema: activity}),
  author: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));
