import * as m from '../../../app/paraglide/messages.js';
import {roleLabel} from '../../../app/lib/role-labels.ts';
import {EMPLOYMENT_LABEL, STATE_LABEL} from '../../../app/staff/labels.ts';
import {staffStateOf} from '../../../app/staff/schema.ts';
import {formatPhone} from '../../../app/lib/phones.ts';
import type {Employment, Gender} from '../../../zero-schema.ts';
import type {Role} from '../../../permissions/roles.ts';
import {genderLabel} from '../../../app/candidates/labels.ts';
import {defineSheet} from './sheet.ts';
import {mayManageStaff} from '../../../permissions/staff.ts';

type StaffRow = {
  name: string;
  role: Role;
  blocked_from_role: Role | null;
  approved_at: Date | null;
  gender: Gender;
  phone: string | null;
  landline: string | null;
  email: string | null;
  employment: Employment;
  available_hours: string;
  print_notes: string;
  score: number;
  monthly_score: number;
  total_suggestions: number;
  created_at: Date;
};

/**
 * Shadchanim and staff (issue 16): the /users list with its contact details, which only those who add
 * or edit shadchanim see (the route refuses anyone else, permissions/exports.ts mayExport); by name.
 */
export const shadchanimSheet = defineSheet<StaffRow>({
  title: m.export_kind_shadchanim,
  columns: [
    {header: m.staff_name, kind: 'text', value: r => r.name},
    {header: m.staff_role, kind: 'text', value: r => roleLabel[r.blocked_from_role ?? r.role]()},
    {
      header: m.staff_filter_state,
      kind: 'text',
      value: r => STATE_LABEL[staffStateOf({role: r.role, approvedAt: r.approved_at?.getTime()})](),
    },
    {header: m.staff_gender, kind: 'text', value: r => genderLabel[r.gender]()},
    {header: m.staff_phone, kind: 'digits', value: r => r.phone && formatPhone(r.phone)},
    {header: m.staff_landline, kind: 'digits', value: r => r.landline && formatPhone(r.landline)},
    {header: m.staff_email, kind: 'text', value: r => r.email},
    {header: m.staff_employment, kind: 'text', value: r => EMPLOYMENT_LABEL[r.employment]()},
    {header: m.staff_available_hours, kind: 'long', value: r => r.available_hours},
    {header: m.staff_print_notes, kind: 'long', value: r => r.print_notes},
    {header: m.staff_score, kind: 'number', value: r => r.score},
    {header: m.staff_monthly_score, kind: 'number', value: r => r.monthly_score},
    {header: m.staff_total_suggestions, kind: 'number', value: r => r.total_suggestions},
    {header: m.column_created, kind: 'moment', value: r => r.created_at},
  ],
  rows: (sql, ctx) => sql<StaffRow[]>`
    SELECT u.name, u.role, u.blocked_from_role, u.approved_at, u.gender, c.phone, c.landline, c.email, u.employment,
           u.available_hours, u.print_notes, u.score, u.total_suggestions, u.created_at,
           -- This month's points (migrations/0042): the month is the organisation's, as the score rows'.
           COALESCE((SELECT s.points FROM shadchan_score s
                      WHERE s.user_id = u.id AND s.month = score_month(now())), 0) AS monthly_score
      FROM app_user u
      LEFT JOIN staff_contact c ON c.user_id = u.id
     WHERE ${mayManageStaff(ctx) ? sql`true` : sql`false`}
     ORDER BY u.name, u.id`,
});
