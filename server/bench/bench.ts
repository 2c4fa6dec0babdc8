/**
 * `npm run bench -- [--profiles N] [--activities N] [--samples K] [--keep]`: starts its own Kesher stack
 * (own data dir and ports, so it runs beside a dev `npm start`), seeds N candidates and their activities, and measures what users feel:
 * how fast an edit reaches another user's open list, the mutator round trip, the Postgres floor, and
 * how long a new tab waits for its first complete candidate list; plus the memory of every process.
 * Every wait is bounded, and the stack is always stopped (also on errors and Ctrl-C).
 */
import {randomBytes} from 'node:crypto';
import {availableParallelism} from 'node:os';
import type {Ports} from '../config.ts';
import {connect} from '../db/sql.ts';
import {assertPortsFree} from '../stack/ports.ts';
import {startStack} from '../stack/stack.ts';
import {parseBenchArgs, USAGE, type BenchArgs} from './args.ts';
import {CityWatcher, materializeList, openClient, signIn, untilComplete, type ListRow} from './clients.ts';
import {benchPorts, finishDataDir, prepareDataDir} from './environment.ts';
import {measureColdList, measureEdits, measurePostgres} from './measure.ts';
import {treeMemory} from './memory.ts';
import {analyseFilters, analysisReport} from './analyse.ts';
import {formatReport} from './report.ts';
import {enablePhoneProxyForBench, measurePhone, phoneReport} from './phone.ts';
import {Resources} from './resources.ts';
import {summarize, withTimeout} from './timing.ts';

/** Two seeded users who may both see and edit the general database (permissions/roles.ts). */
const USER_A = 'demo-admin';
const USER_B = 'demo-coordinator';
const LIST_LIMIT = 100;
/** Pause between samples, so one edit's fan-out is over before the next starts. */
const GAP_MS = 150;
const WARMUP = 3;
/** The whole run must end by itself; and stopping everything gets this long. */
const WATCHDOG_MS = 20 * 60_000;
const STOP_TIMEOUT_MS = 5 * 60_000;

const say = (line: string) => console.log(`[bench] ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(args: BenchArgs, ports: Ports, dataDir: string, reused: boolean, res: Resources) {
  const tag = randomBytes(3).toString('hex');
  // zero-cache's inspector (the analyser) needs its admin password.
  const zeroAdminPassword = randomBytes(24).toString('base64url');
  const died = (why: string) => {
    console.error(`[bench] ${why}`);
    void exit(1);
  };

  say(
    `${args.profiles.toLocaleString('en-US')} profiles, ${args.activities} activities each, ${args.samples} samples, data in ${dataDir}${reused ? ' (reused)' : ''}`,
  );
  say(`ports: pg ${ports.postgres} · api ${ports.api} · zero ${ports.zero} · phone ${ports.phoneProxy}`);
  if (args.viewSyncers) say(`Zero multi-node: a replication manager and ${args.viewSyncers} view-syncers`);

  // The stack seeds N candidates before zero-cache starts, so its initial sync starts from the full set.
  let t = performance.now();
  res.assertOpen();
  enablePhoneProxyForBench();
  res.stack = startStack({
    ports,
    dataDir,
    production: false,
    vite: false,
    fresh: !reused,
    seedProfiles: args.profiles,
    seedActivitiesPerProfile: args.activities,
    zeroLogLevel: 'warn',
    zeroAdminPassword,
    viewSyncers: args.viewSyncers,
    signal: res.interrupted.signal,
  });
  const stack = await res.stack;
  res.stackUp = res.ready = true;
  res.assertOpen();
  void stack.exited.then(died);
  say(
    `stack ready in ${seconds(t)} (seed, API, zero-cache ${reused ? 'on its kept replica' : 'incl. initial sync'}, phone proxy)`,
  );
  // One pool for sign-in and set-up (measurement (c) gets its own), closed before the stack stops.
  const sql = connect(stack.databaseURL, {max: 2});
  res.pools.push(sql);

  const [a, b] = [await signIn(sql, USER_A), await signIn(sql, USER_B)];
  // Each client picks one sync endpoint (with view-syncers, A and B sit on different ones: an edit
  // crosses from one view-syncer to the other through the replication manager's change-streamer).
  const {syncURLs} = stack;
  const syncURL = (i: number) => syncURLs[i % syncURLs.length] as string;

  if (args.analyse) {
    const zero = openClient(syncURL(0), a, `bench-analyse-${tag}`);
    res.clients.add(zero);
    console.log(['', ...analysisReport(await analyseFilters(zero, zeroAdminPassword)), ''].join('\n'));
    return;
  }

  // The edited profile: in the general database and among the first 100 by the list's order, so it
  // is inside both users' windows.
  const firstRows = await sql<{id: string; city: string; database: string}[]>`
    SELECT id, city, database FROM profile ORDER BY surname, forename, id LIMIT ${LIST_LIMIT}`;
  const target = firstRows.find(r => r.database === 'general');
  if (!target) throw new Error(`no general-database profile among the first ${LIST_LIMIT}`);

  t = performance.now();
  res.assertOpen();
  const clientA = openClient(syncURL(0), a, `bench-a-${tag}`);
  const clientB = openClient(syncURL(1), b, `bench-b-${tag}`);
  res.clients.add(clientA).add(clientB);
  const [viewA, viewB] = [materializeList(clientA, LIST_LIMIT), materializeList(clientB, LIST_LIMIT)];
  res.views.push(viewA, viewB);
  const [rowsA, rowsB] = await Promise.all([
    untilComplete(viewA, 60_000, "client A's candidate list"),
    untilComplete(viewB, 60_000, "client B's candidate list"),
  ]);
  for (const [name, rows] of [
    ['A', rowsA],
    ['B', rowsB],
  ] as const) {
    if (!rows.some(r => r.id === target.id))
      throw new Error(`profile ${target.id} is not in client ${name}'s first ${LIST_LIMIT}`);
  }
  say(`clients A (${USER_A}) and B (${USER_B}) have their lists in ${seconds(t)}; editing profile ${target.id}`);
  res.watcher = new CityWatcher(viewB, target.id);
  const revisionInA = () => {
    const row = (viewA.data as readonly ListRow[]).find(r => r.id === target.id);
    if (!row) throw new Error(`profile ${target.id} left client A's list`);
    return row.revision;
  };
  const editTarget = {profileID: target.id, watcher: res.watcher, revisionInA};

  t = performance.now();
  const edits = await measureEdits({a: clientA, target: editTarget, samples: args.samples, warmup: WARMUP, gapMs: GAP_MS, tag});
  say(`(a)+(b) ${args.samples} edits (+${WARMUP} warm-up) in ${seconds(t)}`);

  t = performance.now();
  const pgSql = connect(stack.databaseURL, {max: 1});
  res.pools.push(pgSql);
  const pg = await measurePostgres({sql: pgSql, target: editTarget, samples: args.samples, gapMs: GAP_MS, tag});
  say(`(c) ${args.samples} direct UPDATEs in ${seconds(t)}`);

  t = performance.now();
  const cold = await measureColdList({
    syncURL,
    users: [a, b],
    expectedRows: new Map([
      [a.userID, rowsA.length],
      [b.userID, rowsB.length],
    ]),
    limit: LIST_LIMIT,
    samples: args.coldSamples,
    gapMs: GAP_MS,
    tag,
    open: res.clients,
  });
  say(`(d) ${args.coldSamples} cold clients in ${seconds(t)}`);

  // Memory while A and B are still connected.
  const memory = [
    ...stack.processes.map(p => ({label: p.label, memory: treeMemory(p.pid)})),
    {label: 'bench', memory: treeMemory(process.pid, false)},
  ];
  await sql`UPDATE profile SET city = ${target.city} WHERE id = ${target.id}`; // leave the data as seeded

  t = performance.now();
  const phone = await measurePhone({sql, ports, dataDir, samples: args.samples, gapMs: 50, tag});
  say(`(e) ${phone.connections} sidecar sockets, ${args.samples} calls in ${seconds(t)}`);

  const report = formatReport({
    profiles: args.profiles,
    activities: args.activities,
    samples: args.samples,
    cores: availableParallelism(),
    aToB: summarize(edits.aToB),
    roundTrip: summarize(edits.roundTrip),
    pgCommit: summarize(pg.commit),
    pgToB: summarize(pg.toB),
    coldList: summarize(cold),
    memory,
  });
  console.log(['', ...report, ...phoneReport(phone), ''].join('\n'));
}

/** Usage errors and busy ports end the run before anything starts (exit code 2). */
function startError(e: unknown): never {
  console.error(`[bench] ${(e as Error).message}`);
  process.exit(2);
}
let parsed: BenchArgs | 'help';
try {
  parsed = parseBenchArgs(process.argv.slice(2));
} catch (e) {
  startError(e);
}
if (parsed === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const args = parsed;
let ports: Ports;
try {
  ports = benchPorts();
  // Before touching the data dir: a bench already running on these ports may be using it.
  await assertPortsFree(ports, ['web']);
} catch (e) {
  startError(e);
}
const {dir, reused} = prepareDataDir(args);
const res = new Resources();

/** Stops everything (once; bounded), keeps or removes the data dir, and exits. */
let exiting: Promise<never> | undefined;
function exit(code: number): Promise<never> {
  exiting ??= (async () => {
    try {
      await withTimeout(res.close(say), STOP_TIMEOUT_MS, 'everything to stop');
      finishDataDir(dir, args, args.keep && res.ready);
      if (args.keep && res.ready)
        say(`kept ${dir} for the next run with --profiles ${args.profiles} --activities ${args.activities}`);
    } catch (e) {
      console.error(`[bench] ${(e as Error).message}`);
    }
    process.exit(code);
  })();
  return exiting;
}

// Installed before anything starts, so Ctrl-C during start-up still stops what already runs.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!exiting) say(`${signal}: stopping`); // tsx forwards a terminal's Ctrl-C, so it may arrive twice
    void exit(130);
  });
}
const watchdog = setTimeout(() => {
  console.error(`[bench] gave up after ${WATCHDOG_MS / 60_000} minutes`);
  void exit(1);
}, WATCHDOG_MS);

try {
  await main(args, ports, dir, reused, res);
  clearTimeout(watchdog);
  await exit(0);
} catch (e) {
  // Once stopping, steps fail because their processes went away: not worth reporting.
  if (!res.closing) {
    const detail = e instanceof Error ? (process.env.BENCH_DEBUG ? (e.stack ?? e.message) : e.message) : String(e);
    console.error(`[bench] failed: ${detail}${process.env.BENCH_DEBUG ? '' : '\n[bench] (BENCH_DEBUG=1 shows the stack trace)'}`);
  }
  await exit(1);
}
