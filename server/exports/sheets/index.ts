import {activitiesSheet} from './activities.ts';
import {couplesSheet} from './couples.ts';
import {profilesSheet} from './profiles.ts';
import {activityReportSheet, cardsReportSheet, couplesReportSheet, shadchanimReportSheet} from './reports.ts';
import {shadchanimSheet} from './shadchanim.ts';
import type {AnySheet} from './sheet.ts';
import type {ExportKind} from '../../../app/tables/exports.ts';

/** Each kind of export's sheet (app/exports/schema.ts EXPORT_KINDS). */
export const SHEETS: Record<ExportKind, AnySheet> = {
  profiles: profilesSheet,
  activities: activitiesSheet,
  shadchanim: shadchanimSheet,
  couples: couplesSheet,
  // Reports (issue 17)
  'report-activities': activityReportSheet,
  'report-couples': couplesReportSheet,
  'report-cards': cardsReportSheet,
  'report-shadchanim': shadchanimReportSheet,
};
