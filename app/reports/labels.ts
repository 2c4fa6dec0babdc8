import {labelOf} from '../lookups.ts';
import type {Labels, Locale} from '../../zero-schema.ts';
import type {CardGroupDimension} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** 'YYYY-MM' as a sheet writes it, beside its DD-MM-YYYY dates (spec §9): 'MM-YYYY'. */
export const sheetMonth = (month: string) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

/** 'YYYY-MM' as a chart's axis shows it: the month's short name and the year, in the reader's language. */
export function chartMonth(month: string, locale: Locale): string {
  const [year, mon] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {month: 'short', year: '2-digit', timeZone: 'UTC'}).format(
    new Date(Date.UTC(year!, mon! - 1, 1)),
  );
}

/**
 * Every 'YYYY-MM' from the first to the last of sorted months (at most ten years), so a chart's time
 * axis runs evenly: a month without figures is a month of zeros, not a jump from March to November.
 */
export function everyMonth(months: readonly string[]): string[] {
  if (months.length === 0) return [];
  const [year, mon] = months[0]!.split('-').map(Number);
  const last = months.at(-1)!;
  const all: string[] = [];
  for (let i = 0; i < 120; i++) {
    const date = new Date(Date.UTC(year!, mon! - 1 + i, 1));
    const key = date.toISOString().slice(0, 7);
    all.push(key);
    if (key >= last) break;
  }
  return all;
}

/** A group of cards by its name in the reader's language: a sector's label, a community's name, an age. */
export function groupName(
  group: {dimension: CardGroupDimension; labels?: Labels | null; name?: string | null; age?: number | null},
  locale: Locale,
): string {
  switch (group.dimension) {
    case 'sector':
      return group.labels ? labelOf(group.labels, locale) : m.report_none();
    case 'community':
      return group.name ?? m.report_no_community();
    case 'age':
      return String(group.age);
  }
}

export const DIMENSION_LABEL: Record<CardGroupDimension, () => string> = {
  sector: m.report_cards_by_sector,
  community: m.report_cards_by_community,
  age: m.report_cards_by_age,
};

/** Who a row of the activities report is about: the shadchan, or everyone else summed (no breakdown). */
export const shadchanName = (row: {shadchanName: string | null}) => row.shadchanName ?? m.report_other_shadchanim();
