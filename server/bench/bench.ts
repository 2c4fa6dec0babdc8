/**
 * `npm run bench -- [--profiles N] [--activities N] [--samples K] [--fanout K,K…] [--keep]`: starts its
 * own Kesher stack (own data dir and ports, so it runs beside a dev `npm start`), seeds N candidates and
 * their activities, and measures what users feel, each latency row on Kesher's queries and on the raw
 * floor (server/zero/raw-queries.ts) in the same run: an edit reaching another user's open list, the mutator round
 * trip, the Postgres floor, a new tab's first complete list, the search (filtered first page, refine, a
 * saved search's live count), the fan-out of one edit to K open tabs; plus seed and initial sync times
 * and the memory of every process. Every wait is bounded, and the stack is always stopped (also on
 * errors and Ctrl-C).
 */
import {randomBytes} from 'node:crypto';
import {mkdirSync, rmSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import type {Ports} from '../config.ts';
import {connect} from '../db/sql.ts';
import {assertPortsFree} from '../stack/ports.ts';
import {startStack} from '../stack/stack.ts';
import {parseBenchArgs, USAGE, type BenchArgs} from './args.ts';
import {queries} from '../../app/queries.ts';
import {chooseViewer, CityWatcher, materialize, openClient, rowsOf, signIn, untilComplete, type BenchZero} from './clients.ts';
import type {Editor} from './edits.ts';
import {measureFanout, measureFanoutRows} from './fanout.ts';
import {measureFilteredSearch, measureSavedCount, searchesFromSeed} from './search.ts';
import {FLAVOURS, listQuery} from './workload.ts';
import {benchPorts, finishDataDir, prepareDataDir} from './environment.ts';
import {measureColdList, measureEdits, measurePostgres} from './measure.ts';
import {treeBreakdown, treeMemory} from './memory.ts';
import {analyseFilters, analysisReport, countPlanReport, explainCounts} from './analyse.ts';
import {FILTER_EXAMPLES} from './filter-examples.ts';
import {formatReport, isZeroCache} from './report.ts';
import {enablePhoneProxyForBench, measurePhone, phoneReport} from './phone.ts';
import {Resources} from './resources.ts';
import {PROBE_DIR_VARIABLE} from './probe.ts';
import {runSoak} from './soak.ts';
import {measurePipelines, pipelineReport} from './pipelines.ts';
import {untilQuiet, zeroMeter} from './zero-cpu.ts';
import {withTimeout} from './timing.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/** Two seeded users who may both see and edit the general database (permissions/roles.ts). */
const USER_A = 'demo-admin';
const USER_B = 'demo-coordinator';
const LIST_LIMIT = 100;
/** The filter every watching tab's list has (a real tab's list is usually filtered). */
const TAB_FILTERS: FilterSet = {gender: 'female'};
/** Pause between samples, so one edit's fan-out is over before the next starts. */
const GAP_MS = 150;
const WARMUP = 3;
/** The whole run must end by itself; and stopping everything gets this long. */
const WATCHDOG_MS = 20 * 60_000;
/** A soak's own time, plus the start and its last round. */
const watchdogMs = (args: BenchArgs) => (args.soak ? (args.soak.minutes + 20) * 60_000 : WATCHDOG_MS);
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
    `${args.profiles.toLocaleString('en-US')} profiles, ${args.activities.toLocaleString('en-US')} activities, ${args.samples} samples, data in ${dataDir}${reused ? ' (reused)' : ''}`,
  );
  say(`ports: pg ${ports.postgres} · api ${ports.api} · zero ${ports.zero} · phone ${ports.phoneProxy}`);
  if (args.viewSyncers) say(`Zero multi-node: a replication manager and ${args.viewSyncers} view-syncers`);
  // The soak asks zero-cache's processes for their heaps, --cpu-profile for CPU profiles
  // (server/zero/zero-probe.mjs reads this variable). Beside the data dir, which the stack's fresh start empties.
  const probeDir = args.soak || args.cpuProfile ? `${dataDir}-probe` : undefined;
  if (probeDir) {
    rmSync(probeDir, {recursive: true, force: true});
    mkdirSync(probeDir, {recursive: true});
    process.env[PROBE_DIR_VARIABLE] = probeDir;
  }

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
    seedActivities: args.activities,
    zeroLogLevel: process.env.ZERO_LOG_LEVEL ?? 'warn',
    // The raw floor's queries (server/zero/raw-queries.ts) exist only in this API.
    apiEnv: {KESHER_BENCH_QUERIES: '1'},
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
  const startup = {seedMs: stack.startup.seedMs, syncMs: reused ? undefined : stack.startup.zeroMs};
  if (startup.seedMs !== undefined) say(`seed ${(startup.seedMs / 1000).toFixed(1)} s`);
  if (startup.syncMs !== undefined) say(`zero-cache start incl. initial sync ${(startup.syncMs / 1000).toFixed(1)} s`);
  // One pool for sign-in and set-up (measurement (c) gets its own), closed before the stack stops.
  const sql = connect(stack.databaseURL, {max: 2});
  res.pools.push(sql);

  await chooseViewer(sql, USER_B, args.chosenViewer);
  const [a, b] = [await signIn(sql, USER_A), await signIn(sql, USER_B)];
  if ((b.ctx.chosenCards?.length === 1) !== args.chosenViewer)
    throw new Error(`${USER_B}'s session does not name ${args.chosenViewer ? 'one chosen card' : 'no chosen card'}`);
  // Each client picks one sync endpoint (with view-syncers, A and B sit on different ones: an edit
  // crosses from one view-syncer to the other through the replication manager's change-streamer).
  const {syncURLs} = stack;
  const syncURL = (i: number) => syncURLs[i % syncURLs.length] as string;

  if (args.soak && probeDir) {
    const cards = await sql<{id: string}[]>`
      SELECT id FROM profile WHERE database = 'general' AND deleted_at IS NULL AND state <> 'pending'
      ORDER BY name_search, id LIMIT 20`;
    const {soak} = args;
    say(
      `soak: rounds of ${soak.round} client groups for ${soak.minutes} min${soak.maxRounds < Number.MAX_SAFE_INTEGER ? ` (at most ${soak.maxRounds} rounds)` : ''}, warm-up ${soak.warmup} rounds`,
    );
    t = performance.now();
    const lines = await runSoak({
      options: soak,
      syncURL,
      users: [a, b],
      cardIDs: cards.map(c => c.id),
      tag,
      open: res.clients,
      zeroNodes: stack.processes,
      probeDir,
      say,
    });
    say(`soak done in ${seconds(t)}`);
    if (!soak.snapshots) rmSync(probeDir, {recursive: true, force: true});
    console.log(
      ['', `Kesher soak — ${args.profiles.toLocaleString('en-US')} profiles, ${availableParallelism()} cores`, ...lines, ''].join(
        '\n',
      ),
    );
    return;
  }

  if (args.analyse) {
    // As B, whose lists the latency rows measure: an admin's read rule is no filter at all.
    const zero = openClient(syncURL(0), b, `bench-analyse-${tag}`);
    res.clients.add(zero);
    const {filters, refined} = await searchesFromSeed(sql);
    const examples = {...FILTER_EXAMPLES, benchList: {}, benchSearch: filters, benchRefined: refined};
    console.log(['', ...analysisReport(await analyseFilters(zero, zeroAdminPassword, examples)), ''].join('\n'));
    console.log([...countPlanReport(await explainCounts(sql, b.ctx)), ''].join('\n'));
    return;
  }

  // The edited card: a woman's in the general database, among the first of the women's list, so it is
  // inside every tab's window (checked below on B's list).
  const [target] = await sql<{id: string; city: string}[]>`
    SELECT id, city FROM profile
    WHERE gender = 'female' AND database = 'general' AND deleted_at IS NULL AND state <> 'pending'
    ORDER BY name_search, id LIMIT 1`;
  if (!target) throw new Error('no general-database woman to edit');

  t = performance.now();
  res.assertOpen();
  // The editor (A's tab with the card open) and B's tabs watching it: Kesher's list and the raw list.
  const [clientA, clientB, clientBRaw] = ['a', 'b', 'b-raw'].map((name, i) =>
    openClient(syncURL(i === 0 ? 0 : 1), i === 0 ? a : b, `bench-${name}-${tag}`),
  ) as [BenchZero, BenchZero, BenchZero];
  for (const c of [clientA, clientB, clientBRaw]) res.clients.add(c);
  const cardA = materialize(clientA, queries.candidates.card({id: target.id}));
  const listB = materialize(clientB, listQuery('kesher', TAB_FILTERS, LIST_LIMIT));
  const listBRaw = materialize(clientBRaw, listQuery('raw', TAB_FILTERS, LIST_LIMIT));
  res.views.push(cardA, listB, listBRaw);
  const [, rowsB, rowsBRaw] = await Promise.all([
    untilComplete(cardA, 60_000, "client A's card"),
    untilComplete(listB, 60_000, "client B's candidate list"),
    untilComplete(listBRaw, 60_000, "client B's raw list"),
  ]);
  for (const [name, rows] of [
    ['B', rowsB],
    ['B raw', rowsBRaw],
  ] as const) {
    if (!rowsOf(rows).some(r => r.id === target.id))
      throw new Error(`profile ${target.id} is not in client ${name}'s first ${LIST_LIMIT}`);
  }
  say(`A (${USER_A}) has the card and B (${USER_B}) the women's list in ${seconds(t)}; editing profile ${target.id}`);
  const watchers = {kesher: new CityWatcher(listB, target.id), raw: new CityWatcher(listBRaw, target.id)};
  res.watchers.push(watchers.kesher, watchers.raw);
  const editor: Editor = {
    zero: clientA,
    profileID: target.id,
    revision: () => {
      const row = rowsOf(cardA.data)[0];
      if (!row) throw new Error(`profile ${target.id} left client A's card`);
      return row.revision;
    },
  };

  const common = {syncURL, gapMs: GAP_MS, tag, open: res.clients};
  if (args.pipelines) {
    t = performance.now();
    const rows = await measurePipelines({
      ks: args.fanout,
      run: k => (flavour, parts, meter) =>
        measureFanout({
          ...common,
          users: [a, b],
          editor,
          flavour,
          k,
          parts,
          meter,
          filters: TAB_FILTERS,
          limit: LIST_LIMIT,
          samples: args.coldSamples,
        }),
      meter: () =>
        zeroMeter(
          stack.processes.filter(p => isZeroCache(p.label)),
          args.cpuProfile ? probeDir : undefined,
        ),
      say,
    });
    say(`pipelines measured in ${seconds(t)}${probeDir ? `; CPU profiles in ${probeDir}` : ''}`);
    await sql`UPDATE profile SET city = ${target.city} WHERE id = ${target.id}`; // leave the data as seeded
    console.log(
      [
        '',
        `Kesher pipelines — ${args.profiles.toLocaleString('en-US')} profiles, ${args.activities.toLocaleString('en-US')} activities, ${args.coldSamples} edits per row, ${availableParallelism()} cores${args.viewSyncers ? `, ${args.viewSyncers} view-syncers` : ''}`,
        ...pipelineReport(rows),
        '',
      ].join('\n'),
    );
    return;
  }

  t = performance.now();
  const edits = await measureEdits({editor, watchers, samples: args.samples, warmup: WARMUP, gapMs: GAP_MS, tag});
  say(`(a)+(b) ${args.samples} edits (+${WARMUP} warm-up) in ${seconds(t)}`);

  t = performance.now();
  const pgSql = connect(stack.databaseURL, {max: 1});
  res.pools.push(pgSql);
  const pg = await measurePostgres({sql: pgSql, profileID: target.id, watchers, samples: args.samples, gapMs: GAP_MS, tag});
  say(`(c) ${args.samples} direct UPDATEs in ${seconds(t)}`);

  t = performance.now();
  const cold = await measureColdList({...common, users: [a, b], filters: {}, limit: LIST_LIMIT, samples: args.coldSamples});
  say(`(d) ${args.coldSamples} cold clients each way in ${seconds(t)}`);

  t = performance.now();
  const searches = await searchesFromSeed(sql);
  const search = await measureFilteredSearch({...common, user: b, ...searches, limit: LIST_LIMIT, samples: args.coldSamples});
  say(`(s1)+(s2) ${args.coldSamples} searches each way in ${seconds(t)}: ${JSON.stringify(searches.refined)}`);
  t = performance.now();
  const apiURL = `http://localhost:${ports.api}`;
  const savedCount = await measureSavedCount({...common, apiURL, user: b, editor, ...searches.saved, samples: args.coldSamples});
  say(`(s3) ${args.coldSamples} live counts in ${seconds(t)}: ${JSON.stringify(searches.saved.filters)}`);

  // zero-cache before the fan-out opens its many client groups, to tell what they leave behind.
  const zeroBeforeFanout = stack.processes
    .filter(p => isZeroCache(p.label))
    .map(p => ({label: p.label, memory: treeMemory(p.pid)}));

  // Fan-out last: closing 50 tabs leaves zero-cache busy for a while (a search right after it waited > 60 s).
  const fanout = await measureFanoutRows({
    ...common,
    ks: args.fanout,
    users: [a, b],
    editor,
    filters: TAB_FILTERS,
    limit: LIST_LIMIT,
    samples: args.samples,
    quiet: () => untilQuiet(stack.processes.filter(p => isZeroCache(p.label))),
    onRow: (row, since) =>
      say(
        `(f) fan-out to ${row.kesher.k} tabs, ${args.samples} edits each way, in ${seconds(since)}; zero-cache settled in ${FLAVOURS.map(f => `${((row[f].quietMs ?? 0) / 1000).toFixed(1)} s (${f})`).join(', ')}`,
      ),
  });

  // Memory while the clients are still connected.
  const memory = [
    ...stack.processes.map(p => ({label: p.label, memory: treeMemory(p.pid)})),
    {label: 'bench', memory: treeMemory(process.pid, false)},
  ];
  const zeroProcesses = stack.processes
    .filter(p => isZeroCache(p.label))
    .map(p => ({label: p.label, processes: treeBreakdown(p.pid)}));
  await sql`UPDATE profile SET city = ${target.city} WHERE id = ${target.id}`; // leave the data as seeded

  t = performance.now();
  const phone = await measurePhone({sql, ports, dataDir, samples: args.samples, gapMs: 50, tag});
  say(`(e) ${phone.connections} sidecar sockets, ${args.samples} calls in ${seconds(t)}`);

  const report = formatReport({
    profiles: args.profiles,
    activities: args.activities,
    samples: args.samples,
    cores: availableParallelism(),
    chosenViewer: args.chosenViewer,
    startup,
    aToB: edits.aToB,
    roundTrip: edits.roundTrip,
    pgCommit: pg.commit,
    pgToB: pg.toB,
    coldList: cold,
    fanout,
    firstPage: search.firstPage,
    refine: search.refine,
    searchTimedOut: search.timedOut,
    savedCount,
    memory,
    zeroBeforeFanout,
    zeroProcesses,
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
  console.error(`[bench] gave up after ${watchdogMs(args) / 60_000} minutes`);
  void exit(1);
}, watchdogMs(args));

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
