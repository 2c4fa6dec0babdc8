import {queries} from '../../app/queries.ts';
import {rawQueries} from '../zero/raw-queries.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * The same workload two ways: Kesher's named queries (permissions, relationships) and the raw floor
 * (server/zero/raw-queries.ts: the same rows, no permission filter). Every latency row runs both.
 */
export const FLAVOURS = ['kesher', 'raw'] as const;
export type Flavour = (typeof FLAVOURS)[number];
/**
 * The order sample i runs the two ways in: by turns, so neither always goes first into a replica, a
 * page cache and a sync worker the other has just warmed (with Kesher always first, raw's cold rows
 * ran on what Kesher's had just read).
 */
export const flavoursInTurn = (i: number): readonly Flavour[] => (i % 2 === 0 ? FLAVOURS : [...FLAVOURS].reverse());
/** Samples of one row, both ways. */
export type Pair = Record<Flavour, number[]>;
export const emptyPair = (): Pair => ({kesher: [], raw: []});

/** The candidate list, first page, with a filter set. */
export const listQuery = (flavour: Flavour, filters: FilterSet, limit: number): unknown =>
  flavour === 'kesher' ? queries.candidates.list({filters, limit}) : rawQueries.bench.rawList({filters, limit});

/** The newest change among the cards: what a live count listens to before asking the REST count again. */
export const pulseQuery = (flavour: Flavour): unknown =>
  flavour === 'kesher' ? queries.candidates.pulse() : rawQueries.bench.rawPulse();

/** What an open tab may hold: the filtered list, one card, the top bar's bell, the live count's pulse. */
export const TAB_PARTS = ['list', 'card', 'bell', 'pulse'] as const;
export type TabPart = (typeof TAB_PARTS)[number];
/** What a real open tab holds: the list with a filter, one card, and the top bar's bell. */
export const REAL_TAB: readonly TabPart[] = ['list', 'card', 'bell'];

/** Each part of a tab as a query, Kesher's or raw. */
export function tabQueries(
  flavour: Flavour,
  tab: {filters: FilterSet; limit: number; cardID: string; userID: string},
): Record<TabPart, unknown> {
  return flavour === 'kesher'
    ? {
        list: queries.candidates.list({filters: tab.filters, limit: tab.limit}),
        card: queries.candidates.card({id: tab.cardID}),
        bell: queries.activities.myReminders(),
        pulse: queries.candidates.pulse(),
      }
    : {
        list: rawQueries.bench.rawList({filters: tab.filters, limit: tab.limit}),
        card: rawQueries.bench.rawCard({id: tab.cardID}),
        bell: rawQueries.bench.rawReminders({userID: tab.userID}),
        pulse: rawQueries.bench.rawPulse(),
      };
}
