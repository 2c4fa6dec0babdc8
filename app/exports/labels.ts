import {ChartColumn, ClipboardList, Heart, UserCog, Users, type LucideIcon} from 'lucide-react';
import {activeFilterCount} from '../candidates/search/url.ts';
import {loginErrorText} from '../login/errors.ts';
import * as m from '../paraglide/messages.js';
import type {FilterSet} from '../tables/saved-searches.ts';
import type {ExportKind} from '../tables/exports.ts';

/** Each kind of export as the page offers it: its name (also the sheet's), what it holds, an icon. */
export const KINDS: Record<ExportKind, {label: () => string; hint: () => string; icon: LucideIcon}> = {
  profiles: {label: m.export_kind_profiles, hint: m.export_kind_profiles_hint, icon: Users},
  activities: {label: m.export_kind_activities, hint: m.export_kind_activities_hint, icon: ClipboardList},
  shadchanim: {label: m.export_kind_shadchanim, hint: m.export_kind_shadchanim_hint, icon: UserCog},
  couples: {label: m.export_kind_couples, hint: m.export_kind_couples_hint, icon: Heart},
  // Reports (issue 17): exported from their own page, with its filters.
  'report-activities': {label: m.report_activities_title, hint: m.report_activities_intro, icon: ChartColumn},
  'report-couples': {label: m.report_couples_title, hint: m.report_couples_intro, icon: ChartColumn},
  'report-cards': {label: m.report_cards_title, hint: m.report_cards_intro, icon: ChartColumn},
  'report-shadchanim': {label: m.report_shadchanim_title, hint: m.report_shadchanim_intro, icon: ChartColumn},
};

/** Which profiles an export holds: a saved search by its title, a search on the list, or all. */
export function profilesScope(job: {filters: FilterSet; title: string}): string {
  if (job.title) return job.title;
  const count = activeFilterCount(job.filters) + (job.filters.search ? 1 : 0);
  return count === 0 ? m.export_profiles_all() : m.export_profiles_search({count});
}

/** A refusal of POST /api/exports in the UI language. */
export const exportErrorText = (code: string, message: string) =>
  code === 'exportRunning' ? m.export_error_running() : loginErrorText(code, message);
