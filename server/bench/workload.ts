import {queries} from '../../app/queries.ts';
import {rawQueries} from '../zero/raw-queries.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * The same workload two ways: Kesher's named queries (permissions, relationships) and the raw floor
 * (server/zero/raw-queries.ts: the same rows, no permission filter). Every latency row runs both.
 */
export const FLAVOURS = ['kesher', 'raw'] as const;
export type Flavour = (typeof FLAVOURS)[number];
/** Samples of one row, both ways. */
export type Pair = Record<Flavour, number[]>;
export const emptyPair = (): Pair => ({kesher: [], raw: []});

/** The candidate list, first page, with a filter set. */
export const listQuery = (flavour: Flavour, filters: FilterSet, limit: number): unknown =>
  flavour === 'kesher' ? queries.candidates.list({filters, limit}) : rawQueries.bench.rawList({filters, limit});

/** The newest change among the cards: what a live count listens to before asking the REST count again. */
export const pulseQuery = (flavour: Flavour): unknown =>
  flavour === 'kesher' ? queries.candidates.pulse() : rawQueries.bench.rawPulse();

/** What a real open tab holds: the list with a filter, one card, and the top bar's bell. */
export function tabQueries(flavour: Flavour, tab: {filters: FilterSet; limit: number; cardID: string; userID: string}) {
  return flavour === 'kesher'
    ? {
        list: queries.candidates.list({filters: tab.filters, limit: tab.limit}),
        card: queries.candidates.card({id: tab.cardID}),
        bell: queries.activities.myReminders(),
      }
    : {
        list: rawQueries.bench.rawList({filters: tab.filters, limit: tab.limit}),
        card: rawQueries.bench.rawCard({id: tab.cardID}),
        bell: rawQueries.bench.rawReminders({userID: tab.userID}),
      };
}
