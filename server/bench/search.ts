import {SESSION_COOKIE} from '../auth/session.ts';
import type {Sql} from '../db/sql.ts';
import {materialize, openClient, untilComplete, type BenchUser, type BenchZero, type View, type RunContext} from './clients.ts';
import {editCity, EDIT_TIMEOUT_MS, type Editor} from './edits.ts';
import {withColdClient} from './measure.ts';
import {sleep, TimeoutError, withTimeout} from './timing.ts';
import {emptyPair, FLAVOURS, flavoursInTurn, listQuery, pulseQuery, type Pair} from './workload.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

const SEARCH_TIMEOUT_MS = 20_000;

/**
 * The searches, on values the seed holds: FILTER_EXAMPLES' combined search with the most common sector
 * and the three most common cities of the women aged 21–24, refined by their most common status; and
 * the saved search's city (the most common city) with the runner-up to move the edited card to.
 */
export async function searchesFromSeed(sql: Sql) {
  const young = sql`gender = 'female' AND birth_date BETWEEN now() - interval '25 years' AND now() - interval '21 years'`;
  const top = async (column: 'sector_id' | 'city' | 'status_id', n: number) =>
    (
      await sql<{value: string}[]>`
      SELECT ${sql(column)} AS value FROM profile WHERE ${young} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${n}`
    ).map(r => r.value);
  const cities = await top('city', 3);
  const filters: FilterSet = {gender: 'female', ageFrom: 21, ageTo: 24, sectors: await top('sector_id', 1), cities};
  const refined: FilterSet = {...filters, statuses: await top('status_id', 1)};
  const [inside, outside] = cities as [string, string];
  return {
    filters,
    refined,
    saved: {filters: {gender: 'female', cities: [inside]} as FilterSet, cities: [inside, outside] as const},
  };
}

/**
 * Search (a) and (b), per sample on a new client, Kesher and raw in turn: (a) construction → the
 * first page of `filters` complete (cold); (b) then the same client adds one more chip (`refined`):
 * the new query's materialize call → complete, the old page still held as the page does until the
 * new one is there.
 */
export async function measureFilteredSearch(
  opts: RunContext & {user: BenchUser; filters: FilterSet; refined: FilterSet; limit: number},
): Promise<{firstPage: Pair; refine: Pair; timedOut: number}> {
  const firstPage = emptyPair();
  const refine = emptyPair();
  let timedOut = 0;
  for (let i = 0; i < opts.samples; i++) {
    for (const flavour of flavoursInTurn(i)) {
      // A page that never completes is counted and reported, not a reason to lose the whole run.
      await withColdClient(
        opts.syncURL(i),
        opts.user,
        `bench-search-${opts.tag}-${flavour}-${i}`,
        opts.open,
        async (zero, start) => {
          const page = materialize(zero, listQuery(flavour, opts.filters, opts.limit));
          await untilComplete(page, SEARCH_TIMEOUT_MS, `a ${flavour} filtered first page`);
          firstPage[flavour].push(performance.now() - start);
          const refineStart = performance.now();
          const refinedPage = materialize(zero, listQuery(flavour, opts.refined, opts.limit));
          await untilComplete(refinedPage, SEARCH_TIMEOUT_MS, `a ${flavour} refined page`);
          refine[flavour].push(performance.now() - refineStart);
          page.destroy();
          refinedPage.destroy();
        },
      ).catch((e: unknown) => {
        if (!(e instanceof TimeoutError)) throw e;
        timedOut++;
        console.log(`[bench] search sample ${i} (${flavour}): ${e.message}`);
      });
      await sleep(opts.gapMs);
    }
  }
  return {firstPage, refine, timedOut};
}

/** POST /api/candidates/count as the browser sends it, with the user's session cookie. */
async function restCount(apiURL: string, user: BenchUser, filters: FilterSet): Promise<number> {
  const response = await fetch(`${apiURL}/api/candidates/count`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: apiURL, cookie: `${SESSION_COOKIE}=${user.token}`},
    body: JSON.stringify({filters}),
  });
  if (!response.ok) throw new Error(`the REST count answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as {count: number}).count;
}

const beatOf = (data: unknown) => {
  const row = data as {id: string; updatedAt: number} | undefined;
  return row ? `${row.id}:${row.updatedAt}` : '';
};

/**
 * Search (c): a saved search's live count after an edit. A tab of `user` holds candidates.pulse and, as
 * app/candidates/search/use-count.ts does, asks POST /api/candidates/count again whenever the pulse
 * moves. The editor moves the card into and out of the searched city in turn; a Kesher sample is the
 * mutate call → the count answering the new number. Its floor is the raw pulse moving (the signal
 * alone, with no permission filter and no count), watched by a second client in the same edit.
 */
export async function measureSavedCount(
  opts: RunContext & {
    apiURL: string;
    user: BenchUser;
    editor: Editor;
    filters: FilterSet;
    /** The city the filter searches for, and another one: the card moves between them. */
    cities: readonly [inside: string, outside: string];
  },
): Promise<Pair> {
  const times = emptyPair();
  const clients = FLAVOURS.map(f => openClient(opts.syncURL(1), opts.user, `bench-count-${opts.tag}-${f}`));
  const views: View[] = [];
  for (const zero of clients) opts.open.add(zero);
  try {
    for (const [i, flavour] of FLAVOURS.entries()) views.push(materialize(clients[i] as BenchZero, pulseQuery(flavour)));
    await Promise.all(views.map(v => untilComplete(v, SEARCH_TIMEOUT_MS, 'a pulse')));
    let count = await restCount(opts.apiURL, opts.user, opts.filters);
    for (let i = 0; i < opts.samples + 1; i++) {
      const moveIn = i % 2 === 0;
      const expected = count + (moveIn ? 1 : -1);
      const [kesherView, rawView] = views as [View, View];
      // Kesher: every pulse beat asks the count again, until it answers the new number.
      const counted = new Promise<number>((resolve, reject) => {
        let beat = beatOf(kesherView.data);
        const off = kesherView.addListener(data => {
          if (beatOf(data) === beat) return;
          beat = beatOf(data);
          restCount(opts.apiURL, opts.user, opts.filters).then(n => {
            if (n !== expected) return;
            off();
            resolve(performance.now());
          }, reject);
        });
      });
      const rawBeat = beatOf(rawView.data);
      const pulsed = new Promise<number>(resolve => {
        const off = rawView.addListener(data => {
          if (beatOf(data) === rawBeat) return;
          off();
          resolve(performance.now());
        });
      });
      const start = performance.now();
      await editCity(opts.editor, opts.cities[moveIn ? 0 : 1], []);
      const [countedAt, pulsedAt] = await Promise.all([
        withTimeout(counted, EDIT_TIMEOUT_MS, 'the live count to change'),
        withTimeout(pulsed, EDIT_TIMEOUT_MS, 'the raw pulse to move'),
      ]);
      count = expected;
      if (i > 0) {
        times.kesher.push(countedAt - start);
        times.raw.push(pulsedAt - start);
      }
      await sleep(opts.gapMs);
    }
    return times;
  } finally {
    for (const v of views) v.destroy();
    for (const zero of clients) opts.open.delete(zero);
    await Promise.all(clients.map(z => withTimeout(z.close(), 10_000, 'a count client to close').catch(() => {})));
  }
}
