import type {QueryRowType} from '@rocicorp/zero';
import {useQuery} from '@rocicorp/zero/react';
import {useCallback, useEffect, useMemo, useState, type ReactNode} from 'react';
import {candidateQueries, SORT_COLUMNS} from '../queries.ts';
import type {FilterSet, SortKey} from '../../tables/saved-searches.ts';

/** A row of the candidate list: a profile with its shadchan. */
export type ListRow = QueryRowType<ReturnType<typeof candidateQueries.list>>;

/** Rows a page owns: the next page starts after the last of them. */
export const PAGE = 100;
/**
 * Each page reads this many rows more than it owns, so the next page's start row stays inside it when
 * up to OVERLAP cards are added before it while it is open: no row falls between two pages. The
 * rows both pages hold are shown once (the earlier page's copy).
 */
const OVERLAP = 20;
/** Open the next page when the user comes this close to the last loaded row. */
const PREFETCH = 60;
/** Pages this far (in pages) from what is on screen drop their live query and keep their last rows. */
const LIVE_AROUND = 2;

type Start = {id: string; value: string | number | null};
type PageResult = {rows: readonly ListRow[]; complete: boolean};
export type ListParams = {filters: FilterSet; sort: SortKey; dir: 'asc' | 'desc'};

/**
 * Keyset paging through Zero (issue 14): page 0 has no start; page k+1 starts after the PAGE-th row of
 * page k, as it was when page k+1 opened (Zero appends the id to the order and `start` is exclusive,
 * so a start row is a point in the order even when its sort value is null or shared).
 *
 * Every page is its own live query, so an edit shows wherever its row is. Pages near the screen stay
 * live; pages far from it (more than LIVE_AROUND pages away) drop their query but keep their last rows,
 * so scrolling back never shows a hole, and go live again when the user comes near. That keeps the
 * number of live queries (each one a cost on zero-cache, per tab) small at 100,000 cards, and the rows
 * in the browser are plain objects: 100,000 of them are a few tens of MB at worst, only if the user
 * really scrolls that far. The caller resets everything (a React key) when the filters or sort change.
 */
export function useKeysetPages(params: ListParams) {
  const [starts, setStarts] = useState<readonly (Start | undefined)[]>([undefined]);
  const [results, setResults] = useState<readonly (PageResult | undefined)[]>([]);
  const [onScreen, setOnScreen] = useState({first: 0, last: 0});

  const report = useCallback((index: number, result: PageResult) => {
    setResults(prev => {
      const held = prev[index];
      // A page that comes live again may first answer from a partial local cache: keep what it showed
      // until its answer is complete, so rows never vanish and come back under the user's eyes.
      if (held && !result.complete && result.rows.length < held.rows.length) return prev;
      const next = [...prev];
      next[index] = result;
      return next;
    });
  }, []);

  // The pages in order, each page's rows after the ones an earlier page already shows; a page that
  // has not answered yet ends the list (what follows it cannot be placed).
  const {rows, firstRowOfPage} = useMemo(() => {
    const seen = new Set<string>();
    const rows: ListRow[] = [];
    const firstRowOfPage: number[] = [];
    for (const result of results.slice(0, starts.length)) {
      if (!result) break;
      firstRowOfPage.push(rows.length);
      for (const row of result.rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        rows.push(row);
      }
    }
    return {rows, firstRowOfPage};
  }, [results, starts.length]);

  const last = results[starts.length - 1];
  const lastIsFull = last !== undefined && last.rows.length >= PAGE + OVERLAP;
  const done = last?.complete === true && !lastIsFull;

  const startAfter = useCallback(
    (row: ListRow): Start => ({id: row.id, value: row[SORT_COLUMNS[params.sort]] ?? null}),
    [params.sort],
  );

  // Near the end of what is loaded, and the last page is full: open the next one.
  useEffect(() => {
    if (!last?.complete || !lastIsFull || onScreen.last < rows.length - PREFETCH) return;
    setStarts(prev => [...prev, startAfter(last.rows[PAGE - 1]!)]);
  }, [last, lastIsFull, onScreen.last, rows.length, startAfter]);

  // More than OVERLAP cards added before a page's end push its successor's start row out of it, and
  // the rows in between would belong to neither: the successor then starts again after this page's
  // PAGE-th row. (Also when the start row itself was edited away: harmless, the pages still meet.)
  useEffect(() => {
    for (let k = 0; k + 1 < starts.length; k++) {
      const page = results[k];
      const next = starts[k + 1]!;
      if (!page?.complete || page.rows.length < PAGE + OVERLAP || page.rows.some(r => r.id === next.id)) continue;
      const moved = startAfter(page.rows[PAGE - 1]!);
      setStarts(prev => prev.map((start, i) => (i === k + 1 ? moved : start)));
      return;
    }
  }, [results, starts, startAfter]);

  /** Tells which rows are on screen (first and last index), so the right pages stay live or open. */
  const showing = useCallback((first: number, lastIndex: number) => {
    setOnScreen(prev => (prev.first === first && prev.last === lastIndex ? prev : {first, last: lastIndex}));
  }, []);

  const pageOf = (row: number) => {
    let page = 0;
    while (page + 1 < firstRowOfPage.length && firstRowOfPage[page + 1]! <= row) page++;
    return page;
  };
  const firstLive = pageOf(onScreen.first) - LIVE_AROUND;
  const lastLive = pageOf(onScreen.last) + LIVE_AROUND;
  const pages: ReactNode = starts.map((start, index) =>
    // The newest page always stays live: it is the one loading, or the end of the list.
    index === starts.length - 1 || (index >= firstLive && index <= lastLive) ? (
      <LivePage key={index} index={index} params={params} start={start} onResult={report} />
    ) : null,
  );

  return {
    rows,
    /** The first page has answered for certain (empty means no card matches). */
    settled: results[0]?.complete === true,
    /** Every matching card is loaded. */
    done,
    showing,
    /** The live page queries: render them anywhere, they draw nothing. */
    pages,
  };
}

/** One page's live query; it reports its rows to the pager and draws nothing. */
function LivePage({
  index,
  params,
  start,
  onResult,
}: {
  index: number;
  params: ListParams;
  start: Start | undefined;
  onResult: (index: number, result: PageResult) => void;
}) {
  // A short TTL: pages scrolled past are not worth keeping synced long after they leave.
  const [rows, details] = useQuery(candidateQueries.list({...params, ...(start && {start}), limit: PAGE + OVERLAP}), {
    ttl: '1m',
  });
  const complete = details.type === 'complete';
  useEffect(() => onResult(index, {rows, complete}), [index, rows, complete, onResult]);
  return null;
}
