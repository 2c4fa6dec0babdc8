import * as v from 'valibot';
import type {Labels} from '../../zero-schema.ts';

/**
 * The control panel's reports (issue 17, spec §2 "reports, shadchanim reports"): computed on the server
 * (server/reports/) over what the user may see, read by the screens over REST and exported to Excel
 * through the export path (app/exports, server/exports/sheets/reports.ts).
 */

/** An open card with no activity for this many days is neglected, unless the screen asks for another count. */
export const NEGLECT_DAYS = 60;
/** The neglected cards the shadchanim report lists at most (the count is always whole). */
export const NEGLECTED_LIST_MAX = 500;

const digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.maxValue(max));
const ms = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const communityID = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64));

/**
 * A report's filters as the export stores them: a time window in ms [from, until) on the user's clock,
 * a community (only cards of it, and activities and couples with a visible card of it), and for the
 * shadchanim report after how many idle days an open card counts as neglected (NEGLECT_DAYS if not said).
 */
export const reportFiltersSchema = v.strictObject({
  from: v.optional(ms),
  until: v.optional(ms),
  community: v.optional(communityID),
  idleDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))),
});

/** The same filters as the REST query string takes them (every value a string). */
export const reportQuerySchema = v.strictObject({
  from: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  until: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  community: v.optional(communityID),
  idleDays: v.optional(v.pipe(digits(3650), v.minValue(1))),
});
export type ReportQuery = v.InferOutput<typeof reportQuerySchema>;

/** Counts of the four activity types, the funnel's stages in order. */
export const FUNNEL_STAGES = ['idea', 'suggestion', 'date', 'vort'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export type StageCounts = Record<FunnelStage, number>;

/**
 * GET /api/reports/activities: activities created in the window, by shadchan (who entered them) and
 * month ('YYYY-MM' in Israel). Without viewShadchanimReports only the user's own rows carry a shadchan;
 * everyone else's are summed into rows with `shadchanID: null` (`breakdown: false`).
 */
export type ActivityReportRow = StageCounts & {shadchanID: string | null; shadchanName: string | null; month: string};
export type ActivityReport = {breakdown: boolean; rows: ActivityReportRow[]};

/** GET /api/reports/couples: confirmed couples by the month they were confirmed. */
export type CouplesReport = {months: Array<{month: string; couples: number}>};

/** The breakdowns of the cards report. */
export type CardGroupDimension = 'sector' | 'community' | 'age';

/** How many cards of each gender fall in one group. */
export type GenderCounts = {male: number; female: number};
/** GET /api/reports/cards: the live cards the user sees, by sector, community and age (whole years today). */
export type CardsReport = {
  sectors: Array<GenderCounts & {id: string | null; labels: Labels | null}>;
  communities: Array<GenderCounts & {id: string | null; name: string | null}>;
  ages: Array<GenderCounts & {age: number}>;
};

/**
 * GET /api/reports/shadchanim (viewShadchanimReports): each shadchan's activities in the window by
 * type, their load (open cards they own) and how many of those are neglected; and the neglected cards.
 */
export type ShadchanReportRow = StageCounts & {id: string; name: string; load: number; neglected: number};
export type NeglectedCard = {
  id: string;
  name: string;
  ownerID: string | null;
  ownerName: string | null;
  /** ms, or null when the card never had an activity. */
  lastActivityAt: number | null;
};
export type ShadchanimReport = {idleDays: number; shadchanim: ShadchanReportRow[]; neglected: NeglectedCard[]};
