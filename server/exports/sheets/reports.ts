import {TYPE_LABEL} from '../../../app/activities/labels.ts';
import * as m from '../../../app/paraglide/messages.js';
import {DIMENSION_LABEL, groupName, shadchanName, sheetMonth} from '../../../app/reports/labels.ts';
import {FUNNEL_STAGES, type ActivityReportRow, type StageCounts} from '../../../app/reports/schema.ts';
import {
  activityReportRows,
  cardGroups,
  coupleMonths,
  shadchanRows,
  type CardGroupRow,
  type ShadchanRow,
} from '../../reports/queries.ts';
import {defineSheet, type Column} from './sheet.ts';
import type {ReportFilters} from '../../../app/tables/exports.ts';

/** The funnel's four counts as columns, headed by the activity types' names. */
const stageColumns = <R extends StageCounts>(): Column<R>[] =>
  FUNNEL_STAGES.map(stage => ({header: TYPE_LABEL[stage], kind: 'number', value: r => r[stage]}));

/**
 * The reports as sheets (issue 17): the same queries as their screens (server/reports/queries.ts), with
 * the filters the report page had when it was exported, so the file holds what the page showed.
 */
export const activityReportSheet = defineSheet<ActivityReportRow, ReportFilters>({
  title: m.report_activities_title,
  columns: [
    {header: m.report_shadchan, kind: 'text', value: r => shadchanName(r)},
    {header: m.report_month, kind: 'text', value: r => sheetMonth(r.month)},
    ...stageColumns(),
  ],
  rows: activityReportRows,
});

export const couplesReportSheet = defineSheet<{month: string; couples: number}, ReportFilters>({
  title: m.report_couples_title,
  columns: [
    {header: m.report_month, kind: 'text', value: r => sheetMonth(r.month)},
    {header: m.report_couples_confirmed, kind: 'number', value: r => r.couples},
  ],
  rows: coupleMonths,
});

export const cardsReportSheet = defineSheet<CardGroupRow, ReportFilters>({
  title: m.report_cards_title,
  columns: [
    {header: m.report_dimension, kind: 'text', value: r => DIMENSION_LABEL[r.dimension]()},
    {header: m.report_group, kind: 'text', value: (r, locale) => groupName(r, locale)},
    {header: m.gender_male, kind: 'number', value: r => r.male},
    {header: m.gender_female, kind: 'number', value: r => r.female},
    {header: m.report_total, kind: 'number', value: r => r.male + r.female},
  ],
  rows: cardGroups,
});

export const shadchanimReportSheet = defineSheet<ShadchanRow, ReportFilters>({
  title: m.report_shadchanim_title,
  columns: [
    {header: m.report_shadchan, kind: 'text', value: r => r.name},
    ...stageColumns(),
    {header: m.report_load, kind: 'number', value: r => r.load},
    {header: m.report_neglected, kind: 'number', value: r => r.neglected},
  ],
  rows: shadchanRows,
});
