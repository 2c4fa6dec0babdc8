import {STATUS_LABEL} from '../../../app/engaged-couples/labels.ts';
import * as m from '../../../app/paraglide/messages.js';
import {visibleCouplesSql} from '../../../permissions/engaged-couples-sql.ts';
import {defineSheet} from './sheet.ts';

type CoupleRow = {
  status: keyof typeof STATUS_LABEL;
  male_name: string;
  male_id_number: string | null;
  female_name: string;
  female_id_number: string | null;
  father_name: string;
  shadchan: string | null;
  rabbi: string;
  note: string;
  submitter: string | null;
  by_candidate: boolean;
  submitted_at: Date;
  decided_at: Date | null;
};

/**
 * Engaged couples (issue 16): those this user sees on their screens (visibleCouplesSql, the twin of
 * visibleCouples: every couple for an editor, one's own reports otherwise), newest report first, as the
 * couple form holds them.
 */
export const couplesSheet = defineSheet<CoupleRow>({
  title: m.export_kind_couples,
  columns: [
    {header: m.couples_status, kind: 'text', value: r => STATUS_LABEL[r.status]()},
    {header: m.couples_groom, kind: 'text', value: r => r.male_name},
    {header: m.export_groom_id_number, kind: 'digits', value: r => r.male_id_number},
    {header: m.couples_bride, kind: 'text', value: r => r.female_name},
    {header: m.export_bride_id_number, kind: 'digits', value: r => r.female_id_number},
    {header: m.couples_father_name, kind: 'text', value: r => r.father_name},
    {header: m.couples_shadchan, kind: 'text', value: r => r.shadchan},
    {header: m.couples_rabbi, kind: 'text', value: r => r.rabbi},
    {header: m.couples_note, kind: 'long', value: r => r.note},
    {
      header: m.export_reported_by,
      kind: 'text',
      value: r => (r.by_candidate ? m.couples_by_candidate() : r.submitter),
    },
    {header: m.export_reported_at, kind: 'moment', value: r => r.submitted_at},
    {header: m.export_decided_at, kind: 'moment', value: r => r.decided_at},
  ],
  rows: (sql, ctx) => sql<CoupleRow[]>`
    SELECT ec.status, ec.male_name, ec.male_id_number, ec.female_name, ec.female_id_number, ec.father_name,
           sh.name AS shadchan, ec.rabbi, ec.note, su.name AS submitter, ec.submitted_by_profile IS NOT NULL AS by_candidate,
           ec.submitted_at, ec.decided_at
      FROM engaged_couple ec
      LEFT JOIN app_user sh ON sh.id = ec.shadchan_id
      LEFT JOIN app_user su ON su.id = ec.submitted_by_user
     WHERE ${visibleCouplesSql(sql, ctx)}
     ORDER BY ec.submitted_at DESC, ec.id`,
});
