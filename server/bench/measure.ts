import {mutators} from '../../app/mutators.ts';
import type {Sql} from '../db/sql.ts';
import {materializeList, openClient, untilComplete, type BenchUser, type BenchZero, type CityWatcher} from './clients.ts';
import {sleep, withTimeout} from './timing.ts';

/** Per-wait limits: a sample that takes longer than this is a failure, not a data point. */
const EDIT_TIMEOUT_MS = 15_000;
const COLD_TIMEOUT_MS = 60_000;

/** The edited profile, B's watch on it, and its revision as client A has it now (what a quick edit sends). */
export type EditTarget = {profileID: string; watcher: CityWatcher; revisionInA: () => number};

/** A city value no earlier sample (or run) used, within the 60-character limit of the form. */
const cityFor = (tag: string, kind: string, i: number) => `bench ${tag} ${kind} ${i}`;

/**
 * (a) + (b): client A edits the city of a profile in client B's window through the real mutator (the
 * list's quick edit).
 * (a) is A's mutate call → B's listener showing the new city; (b) is A's mutate call → A's `server`
 * promise (the server ran the mutator, committed, and the result came back through zero-cache).
 * Samples run one at a time, `gapMs` apart, after `warmup` uncounted ones.
 */
export async function measureEdits(opts: {
  a: BenchZero;
  target: EditTarget;
  samples: number;
  warmup: number;
  gapMs: number;
  tag: string;
}): Promise<{aToB: number[]; roundTrip: number[]}> {
  const aToB: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < opts.warmup + opts.samples; i++) {
    const city = cityFor(opts.tag, 'z', i);
    const seenByB = opts.target.watcher.expect(city, EDIT_TIMEOUT_MS);
    const revision = opts.target.revisionInA();
    const start = performance.now();
    const result = opts.a.mutate(mutators.cards.save({id: opts.target.profileID, revision, city}));
    const serverDone = result.server.then(r => {
      if (r.type === 'error') throw new Error(`the server rejected the edit: ${r.error.type} ${r.error.message}`);
      return performance.now();
    });
    // Handled below; these keep an early rejection from counting as unhandled meanwhile.
    seenByB.catch(() => {});
    serverDone.catch(() => {});
    const clientResult = await withTimeout(result.client, EDIT_TIMEOUT_MS, "client A's optimistic edit");
    if (clientResult.type === 'error') throw new Error(`client A's mutator failed: ${clientResult.error.message}`);
    const [seenAt, doneAt] = await Promise.all([seenByB, withTimeout(serverDone, EDIT_TIMEOUT_MS, "the edit's server result")]);
    if (i >= opts.warmup) {
      aToB.push(seenAt - start);
      roundTrip.push(doneAt - start);
    }
    await sleep(opts.gapMs);
  }
  return {aToB, roundTrip};
}

/**
 * (c): the floor — a direct autocommit UPDATE of the same profile through postgres.js (one warm
 * connection). Also records when client B sees that change, which is the replication path alone
 * (Postgres → zero-cache → B) without the mutator.
 */
export async function measurePostgres(opts: {
  sql: Sql;
  target: EditTarget;
  samples: number;
  gapMs: number;
  tag: string;
}): Promise<{commit: number[]; toB: number[]}> {
  const commit: number[] = [];
  const toB: number[] = [];
  await opts.sql`SELECT 1`; // connect (and warm) before timing
  for (let i = 0; i < opts.samples; i++) {
    const city = cityFor(opts.tag, 'pg', i);
    const seenByB = opts.target.watcher.expect(city, EDIT_TIMEOUT_MS);
    seenByB.catch(() => {}); // awaited below
    const start = performance.now();
    await withTimeout(
      Promise.resolve(opts.sql`UPDATE profile SET city = ${city}, updated_at = now() WHERE id = ${opts.target.profileID}`),
      EDIT_TIMEOUT_MS,
      'a direct Postgres UPDATE',
    );
    commit.push(performance.now() - start);
    toB.push((await seenByB) - start);
    await sleep(opts.gapMs);
  }
  return {commit, toB};
}

/**
 * (d): a brand-new client (fresh storage, so a new client group on zero-cache, like a new browser)
 * per sample, alternating users: construction → the candidate list reports 'complete'.
 * `open` tracks the client in flight so a shutdown can close it.
 */
export async function measureColdList(opts: {
  /** The sync endpoint of the i-th cold client (view-syncers: round robin). */
  syncURL: (i: number) => string;
  users: readonly BenchUser[];
  expectedRows: ReadonlyMap<string, number>;
  limit: number;
  samples: number;
  gapMs: number;
  tag: string;
  open: Set<BenchZero>;
}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < opts.samples; i++) {
    const user = opts.users[i % opts.users.length] as BenchUser;
    const start = performance.now();
    const zero = openClient(opts.syncURL(i), user, `bench-cold-${opts.tag}-${i}`);
    opts.open.add(zero);
    try {
      const view = materializeList(zero, opts.limit);
      const rows = await untilComplete(view, COLD_TIMEOUT_MS, `a cold client's candidate list (${user.userID})`);
      times.push(performance.now() - start);
      const expected = opts.expectedRows.get(user.userID);
      if (rows.length !== expected)
        throw new Error(`a cold client of ${user.userID} got ${rows.length} rows, expected ${expected}`);
      view.destroy();
    } finally {
      opts.open.delete(zero);
      await withTimeout(zero.close(), 10_000, 'a cold client to close');
    }
    await sleep(opts.gapMs);
  }
  return times;
}
