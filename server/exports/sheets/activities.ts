import {STATUS_LABEL, TYPE_LABEL} from '../../../app/activities/labels.ts';
import type {ActivityType} from '../../../app/activities/schema.ts';
import {formatDuration} from '../../../app/calls/format.ts';
import {formatPhone} from '../../../app/lib/phones.ts';
import * as m from '../../../app/paraglide/messages.js';
import {visibleActivitiesSql, visibleSideNameSql} from '../../../permissions/activities-sql.ts';
import {defineSheet} from './sheet.ts';

type ActivityRow = {
  code: string | null;
  type: ActivityType;
  status: keyof typeof STATUS_LABEL;
  title: string;
  male_profile_id: string | null;
  male_name: string | null;
  female_profile_id: string | null;
  female_name: string | null;
  summary: string;
  reminder_at: Date | null;
  author: string | null;
  created_at: Date;
  updated_at: Date;
  caller_number: string | null;
  call_duration_seconds: number | null;
};

/** A side as the activity screens show it: the card's name, or "a profile you may not see". */
const side = (id: string | null, name: string | null) => (id === null ? null : (name ?? m.activity_hidden_card()));

/**
 * Activities (issue 16): those this user receives (visibleActivitiesSql, the twin of the screens'
 * visibleActivities), newest first; each side named only where the user may see its card.
 * Comments stay on the screen.
 */
export const activitiesSheet = defineSheet<ActivityRow>({
  title: m.export_kind_activities,
  columns: [
    {header: m.activity_code, kind: 'digits', value: r => r.code},
    {header: m.activity_type, kind: 'text', value: r => TYPE_LABEL[r.type]()},
    {header: m.activity_status, kind: 'text', value: r => STATUS_LABEL[r.status]()},
    {header: m.activity_title, kind: 'text', value: r => r.title},
    {header: m.activity_candidate_a, kind: 'text', value: r => side(r.male_profile_id, r.male_name)},
    {header: m.activity_candidate_b, kind: 'text', value: r => side(r.female_profile_id, r.female_name)},
    {header: m.activity_summary, kind: 'long', value: r => r.summary},
    {header: m.activity_reminder, kind: 'moment', value: r => r.reminder_at},
    {header: m.activities_column_entered_by, kind: 'text', value: r => r.author},
    {header: m.activities_column_created, kind: 'moment', value: r => r.created_at},
    {header: m.column_updated, kind: 'moment', value: r => r.updated_at},
    {header: m.activity_caller, kind: 'digits', value: r => r.caller_number && formatPhone(r.caller_number)},
    {
      header: m.activity_call_duration,
      kind: 'text',
      value: r => (r.call_duration_seconds === null ? null : formatDuration(r.call_duration_seconds)),
    },
  ],
  rows: (sql, ctx) => sql<ActivityRow[]>`
    SELECT a.code, a.type, a.status, a.title, a.male_profile_id, ${visibleSideNameSql(sql, ctx, 'male_profile_id')} AS male_name,
           a.female_profile_id, ${visibleSideNameSql(sql, ctx, 'female_profile_id')} AS female_name, a.summary, a.reminder_at,
           u.name AS author, a.created_at, a.updated_at, a.caller_number, a.call_duration_seconds
      FROM activity a
      LEFT JOIN app_user u ON u.id = a.created_by
     WHERE ${visibleActivitiesSql(sql, ctx)}
     ORDER BY a.created_at DESC, a.id`,
});
