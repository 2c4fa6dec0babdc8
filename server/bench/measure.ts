import type {Sql} from '../db/sql.ts';
import {
  connectionNote,
  materialize,
  openClient,
  rowsOf,
  untilComplete,
  type BenchUser,
  type BenchZero,
  type CityWatcher,
  type RunContext,
} from './clients.ts';
import {cityFor, editCity, EDIT_TIMEOUT_MS, type Editor} from './edits.ts';
import {sleep, TimeoutError, withTimeout} from './timing.ts';
import {emptyPair, FLAVOURS, flavoursInTurn, listQuery, type Pair} from './workload.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

const COLD_TIMEOUT_MS = 60_000;

/** Another user's tab watching the edited card: through Kesher's list, and through the raw one. */
export type Watchers = Record<'kesher' | 'raw', CityWatcher>;

/**
 * (a) + (b): the editor edits the city of a card in another user's window: (a) the mutate call → that
 * user's list showing the new city, on Kesher's list and on the raw list (two clients, both watching
 * the same edit); (b) the mutate call → the mutator's server result. One sample at a time, `gapMs`
 * apart, after `warmup` uncounted ones.
 */
export async function measureEdits(opts: {
  editor: Editor;
  watchers: Watchers;
  samples: number;
  warmup: number;
  gapMs: number;
  tag: string;
}): Promise<{aToB: Pair; roundTrip: number[]}> {
  const aToB = emptyPair();
  const roundTrip: number[] = [];
  for (let i = 0; i < opts.warmup + opts.samples; i++) {
    const {seen, roundTrip: rt} = await editCity(opts.editor, cityFor(opts.tag, 'z', i), [
      opts.watchers.kesher,
      opts.watchers.raw,
    ]);
    if (i >= opts.warmup) {
      aToB.kesher.push(seen[0] as number);
      aToB.raw.push(seen[1] as number);
      roundTrip.push(rt);
    }
    await sleep(opts.gapMs);
  }
  return {aToB, roundTrip};
}

/**
 * (c): the floor below the mutator — a direct autocommit UPDATE of the same card through postgres.js
 * (one warm connection), and when the watching lists see it: replication alone (Postgres →
 * zero-cache → client), without the mutator.
 */
export async function measurePostgres(opts: {
  sql: Sql;
  profileID: string;
  watchers: Watchers;
  samples: number;
  gapMs: number;
  tag: string;
}): Promise<{commit: number[]; toB: Pair}> {
  const commit: number[] = [];
  const toB = emptyPair();
  await opts.sql`SELECT 1`; // connect (and warm) before timing
  for (let i = 0; i < opts.samples; i++) {
    const city = cityFor(opts.tag, 'pg', i);
    const seen = FLAVOURS.map(f => opts.watchers[f].expect(city, EDIT_TIMEOUT_MS));
    for (const s of seen) s.catch(() => {}); // awaited below
    const start = performance.now();
    await withTimeout(
      Promise.resolve(opts.sql`UPDATE profile SET city = ${city}, updated_at = now() WHERE id = ${opts.profileID}`),
      EDIT_TIMEOUT_MS,
      'a direct Postgres UPDATE',
    );
    commit.push(performance.now() - start);
    const [kesher, raw] = await Promise.all(seen);
    toB.kesher.push((kesher as number) - start);
    toB.raw.push((raw as number) - start);
    await sleep(opts.gapMs);
  }
  return {commit, toB};
}

/** Opens a brand-new client (fresh storage: a new client group on zero-cache, like a new browser), runs `use`, closes it. */
export async function withColdClient<T>(
  cacheURL: string,
  user: BenchUser,
  storageKey: string,
  open: Set<BenchZero>,
  use: (zero: BenchZero, start: number) => Promise<T>,
): Promise<T> {
  const start = performance.now();
  const zero = openClient(cacheURL, user, storageKey);
  open.add(zero);
  try {
    return await use(zero, start);
  } catch (e) {
    throw e instanceof TimeoutError ? new TimeoutError(`${e.message} (${await connectionNote(zero)})`) : e;
  } finally {
    open.delete(zero);
    await withTimeout(zero.close(), 10_000, 'a cold client to close');
  }
}

/**
 * (d): a new client per sample, alternating users and Kesher/raw: construction → the first page of
 * the list (`filters`) reports 'complete', a full page.
 */
export async function measureColdList(
  opts: RunContext & {users: readonly BenchUser[]; filters: FilterSet; limit: number},
): Promise<Pair> {
  const times = emptyPair();
  for (let i = 0; i < opts.samples; i++) {
    // Each user runs both orders in turn.
    for (const flavour of flavoursInTurn(Math.floor(i / opts.users.length))) {
      const user = opts.users[i % opts.users.length] as BenchUser;
      await withColdClient(opts.syncURL(i), user, `bench-cold-${opts.tag}-${flavour}-${i}`, opts.open, async (zero, start) => {
        const view = materialize(zero, listQuery(flavour, opts.filters, opts.limit));
        const rows = rowsOf(await untilComplete(view, COLD_TIMEOUT_MS, `a cold ${flavour} list (${user.userID})`));
        times[flavour].push(performance.now() - start);
        if (rows.length !== opts.limit)
          throw new Error(`a cold ${flavour} client of ${user.userID} got ${rows.length} rows, expected ${opts.limit}`);
        view.destroy();
      });
      await sleep(opts.gapMs);
    }
  }
  return times;
}
