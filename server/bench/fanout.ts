import {
  CityWatcher,
  connectionNote,
  materialize,
  openClient,
  untilComplete,
  type BenchUser,
  type BenchZero,
  type View,
  type RunContext,
} from './clients.ts';
import {cityFor, editCity, type Editor} from './edits.ts';
import {sleep, TimeoutError, withTimeout} from './timing.ts';
import {flavoursInTurn, REAL_TAB, tabQueries, type Flavour, type TabPart} from './workload.ts';
import type {ZeroMeter} from './zero-cpu.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

const OPEN_TIMEOUT_MS = 60_000;

/**
 * One fan-out row: the edit → the last of K tabs showing it, and the bench process's own CPU share
 * meanwhile; when metered, the sync workers' CPU per edit and their CPU profiles.
 */
export type FanoutResult = {
  k: number;
  flavour: Flavour;
  lastTab: number[];
  benchCPU: number;
  zeroCPUPerEditMs?: number;
  profiles?: string[];
  failed?: string;
  /** How long the side waited for a settled zero-cache before its edits. */
  quietMs?: number;
};

/**
 * Fan-out: K tabs open (each its own client group, alternating users), each holding what a real tab
 * holds (tabQueries: the filtered list, the edited card, the bell; `parts` to hold less or more); the
 * editor edits the card and the sample is the time from the mutate call until the last of the K tabs
 * shows it in its list and its card (whichever it holds: `parts` needs one). The tabs live in this
 * process, so its CPU share is reported: near 100 % of a core means the bench, not zero-cache, is what
 * is measured. A `meter` measures zero-cache's sync workers over the edits.
 */
export async function measureFanout(
  opts: RunContext & {
    users: readonly BenchUser[];
    editor: Editor;
    flavour: Flavour;
    k: number;
    filters: FilterSet;
    limit: number;
    parts?: readonly TabPart[];
    meter?: ZeroMeter;
    /** Waits for a settled zero-cache (untilQuiet), once the tabs are open and warm; returns the wait in ms. */
    quiet?: () => Promise<number>;
  },
): Promise<FanoutResult> {
  const parts = opts.parts ?? REAL_TAB;
  const watched = parts.filter(p => p === 'list' || p === 'card');
  if (!watched.length) throw new Error('a fan-out tab must hold the list or the card, to see the edit');
  const tabs: Array<{zero: BenchZero; views: View[]; watchers: CityWatcher[]}> = [];
  try {
    for (let i = 0; i < opts.k; i++) {
      const user = opts.users[i % opts.users.length] as BenchUser;
      // Every node holds both users' tabs: on syncURL(i), with two users and two view-syncers, all of one
      // user's tabs sat on one node, and the last tab was always the busier rule's.
      const node = Math.floor(i / opts.users.length);
      const zero = openClient(opts.syncURL(node), user, `bench-tab-${opts.tag}-${opts.flavour}-${opts.k}-${i}`);
      opts.open.add(zero);
      const q = tabQueries(opts.flavour, {
        filters: opts.filters,
        limit: opts.limit,
        cardID: opts.editor.profileID,
        userID: user.userID,
      });
      const views = parts.map(part => materialize(zero, q[part]));
      const watchers = watched.map(part => new CityWatcher(views[parts.indexOf(part)] as View, opts.editor.profileID));
      tabs.push({zero, views, watchers});
    }
    try {
      await Promise.all(
        tabs.flatMap(t => t.views.map(v => untilComplete(v, OPEN_TIMEOUT_MS, `a ${opts.flavour} tab's queries`))),
      );
    } catch (e) {
      // Reported in the table rather than ending the run (seen intermittently after many client groups).
      if (!(e instanceof TimeoutError)) throw e;
      return {k: opts.k, flavour: opts.flavour, lastTab: [], benchCPU: NaN, failed: `${e.message} (${await stuck(tabs)})`};
    }
    const watchers = tabs.flatMap(t => t.watchers);
    const lastTab: number[] = [];
    const edit = async (i: number) => {
      const {seen} = await editCity(opts.editor, cityFor(opts.tag, `f${opts.flavour[0]}${opts.k}${parts.join('')}`, i), watchers);
      await sleep(opts.gapMs);
      return Math.max(...seen);
    };
    await edit(0); // the first edit warms the tabs up
    const quietMs = await opts.quiet?.();
    await opts.meter?.start();
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    for (let i = 1; i <= opts.samples; i++) lastTab.push(await edit(i));
    const cpu = process.cpuUsage(cpuBefore);
    const benchCPU = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
    const zero = await opts.meter?.stop();
    return {
      k: opts.k,
      flavour: opts.flavour,
      lastTab,
      benchCPU,
      ...(quietMs !== undefined && {quietMs}),
      ...(zero && {zeroCPUPerEditMs: zero.cpuMs / opts.samples, profiles: zero.profiles}),
    };
  } finally {
    for (const t of tabs) {
      for (const w of t.watchers) w.close();
      for (const v of t.views) v.destroy();
      opts.open.delete(t.zero);
    }
    await Promise.all(tabs.map(t => withTimeout(t.zero.close(), 10_000, 'a tab to close').catch(() => {})));
  }
}

/**
 * The fan-out rows: for each K, `samples` edits each way (an edit is quick once the tabs are open; the p95
 * of 20 is the second slowest), the side that goes first alternating from K to K: each side's tabs open
 * just after the other's closed, which keeps zero-cache busy for a while.
 */
export async function measureFanoutRows(
  opts: Omit<Parameters<typeof measureFanout>[0], 'flavour' | 'k'> & {
    ks: readonly number[];
    onRow: (row: Record<Flavour, FanoutResult>, since: number) => void;
  },
): Promise<Array<Record<Flavour, FanoutResult>>> {
  const rows = [];
  for (const [i, k] of opts.ks.entries()) {
    const since = performance.now();
    const row = {} as Record<Flavour, FanoutResult>;
    for (const flavour of flavoursInTurn(i)) row[flavour] = await measureFanout({...opts, flavour, k});
    rows.push(row);
    opts.onRow(row, since);
  }
  return rows;
}

/** Which tabs never completed, and what their connections said: the clue to an intermittent stall. */
async function stuck(tabs: ReadonlyArray<{zero: BenchZero; views: View[]}>): Promise<string> {
  const notes = [];
  for (const t of tabs) {
    const waiting = t.views.filter(v => resultTypeOf(v) !== 'complete').length;
    if (waiting) notes.push(`${waiting}/${t.views.length} views of ${await connectionNote(t.zero)}`);
  }
  return notes.join('; ') || 'every view complete by now';
}

/** A view's result type now (a new listener hears it at once). */
function resultTypeOf(view: View): string {
  let type = 'unknown';
  view.addListener((_, resultType) => (type = resultType))();
  return type;
}
