/**
 * `npm run bench -- [--profiles N] [--samples K] [--keep]`: starts its own Kesher stack (own data dir
 * and ports, so it runs beside a dev `npm start`), seeds N candidates, and measures what users feel:
 * how fast an edit reaches another user's open list, the mutator round trip, the Postgres floor, and
 * how long a new tab waits for its first complete candidate list; plus the memory of every process.
 * Every wait is bounded, and the stack is always stopped (also on errors and Ctrl-C).
 */
import {availableParallelism} from 'node:os';
import {randomBytes} from 'node:crypto';
import {connect, type Sql} from '../db/sql.ts';
import {assertPortsFree} from '../stack/ports.ts';
import {startStack, type Stack} from '../stack/stack.ts';
import {parseBenchArgs, USAGE, type BenchArgs} from './args.ts';
import {materializeList, openClient, signIn, untilComplete, CityWatcher, type BenchZero, type ListView} from './clients.ts';
import {seedBenchDatabase, startBenchDatabase, type BenchDatabase} from './database.ts';
import {benchPorts, finishDataDir, prepareDataDir} from './environment.ts';
import {measureColdList, measureEdits, measurePostgres} from './measure.ts';
import {treeMemory} from './memory.ts';
import {formatReport} from './report.ts';
import {summarize, withTimeout} from './timing.ts';

/** Two seeded users who may both see and edit the general database (permissions/roles.ts). */
const USER_A = 'demo-admin';
const USER_B = 'demo-coordinator';
const LIST_LIMIT = 100;
/** Pause between samples, so one edit's fan-out is over before the next starts. */
const GAP_MS = 150;
const WARMUP = 3;
/** The whole run, start-up included, must end by itself. */
const WATCHDOG_MS = 20 * 60_000;

const say = (line: string) => console.log(`[bench] ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Everything that must be closed on the way out, in this order: clients, our pools, the stack, Postgres. */
const open = {
  views: [] as ListView[],
  watcher: undefined as CityWatcher | undefined,
  clients: new Set<BenchZero>(),
  sql: [] as Sql[],
  stack: undefined as Stack | undefined,
  db: undefined as BenchDatabase | undefined,
  /** Set once the data is seeded and synced, i.e. worth keeping for a re-run. */
  ready: false,
};

let shuttingDown: Promise<never> | undefined;
function shutdown(code: number, args: BenchArgs | undefined, dataDir: string | undefined): Promise<never> {
  shuttingDown ??= (async () => {
    const cleanup = async () => {
      open.watcher?.close();
      for (const view of open.views) view.destroy();
      await Promise.all([...open.clients].map(z => withTimeout(z.close(), 5_000, 'a Zero client to close').catch(() => {})));
      await Promise.all(open.sql.map(sql => sql.end({timeout: 2})));
      await open.stack?.stop();
      await open.db?.stop();
      if (args && dataDir) finishDataDir(dataDir, args.profiles, args.keep && open.ready);
    };
    await withTimeout(cleanup(), 90_000, 'the stack to stop').catch((e: Error) => console.error(`[bench] ${e.message}`));
    if (args?.keep && open.ready) say(`kept ${dataDir} for the next run with --profiles ${args.profiles}`);
    process.exit(code);
  })();
  return shuttingDown;
}

async function main(args: BenchArgs, dataDir: string, reused: boolean) {
  const ports = benchPorts();
  const tag = randomBytes(3).toString('hex');
  const cacheURL = `http://127.0.0.1:${ports.zero}`;

  say(`${args.profiles.toLocaleString('en-US')} profiles, ${args.samples} samples, data in ${dataDir}${reused ? ' (reused)' : ''}`);
  say(`ports: pg ${ports.postgres} · api ${ports.api} · zero ${ports.zero} · phone ${ports.phoneProxy}`);
  await assertPortsFree(ports, ['web']);
  const died = (why: string) => {
    console.error(`[bench] ${why}`);
    void shutdown(1, args, dataDir);
  };

  // Postgres first, seeded before zero-cache starts (see database.ts), then the rest of the stack.
  let t = performance.now();
  open.db = await startBenchDatabase(dataDir, ports.postgres);
  void open.db.exited.then(died);
  const seeded = await seedBenchDatabase(open.db.url, args.profiles);
  say(seeded === 'seeded' ? `seeded ${args.profiles.toLocaleString('en-US')} candidates in ${seconds(t)}` : 'demo data already present');
  t = performance.now();
  open.stack = await startStack({
    ports,
    dataDir,
    databaseURL: open.db.url,
    production: false,
    vite: false,
    seedProfiles: args.profiles,
    zeroLogLevel: 'warn',
  });
  void open.stack.exited.then(died);
  open.ready = true;
  say(`stack ready in ${seconds(t)} (API, zero-cache ${reused ? 'on its kept replica' : 'incl. initial sync'}, phone proxy)`);

  const sql = connect(open.db.url, {max: 1});
  open.sql.push(sql);
  const [a, b] = [await signIn(sql, USER_A), await signIn(sql, USER_B)];

  // The edited profile: in the general database and among the first 100 by the list's order, so it
  // is inside both users' windows.
  const firstRows = await sql<{id: string; city: string; database: string}[]>`
    SELECT id, city, database FROM profile ORDER BY surname, forename, id LIMIT ${LIST_LIMIT}`;
  const target = firstRows.find(r => r.database === 'general');
  if (!target) throw new Error(`no general-database profile among the first ${LIST_LIMIT}`);

  t = performance.now();
  const clientA = openClient(cacheURL, a, `bench-a-${tag}`);
  const clientB = openClient(cacheURL, b, `bench-b-${tag}`);
  open.clients.add(clientA).add(clientB);
  const [viewA, viewB] = [materializeList(clientA, LIST_LIMIT), materializeList(clientB, LIST_LIMIT)];
  open.views.push(viewA, viewB);
  const [rowsA, rowsB] = await Promise.all([
    untilComplete(viewA, 60_000, "client A's candidate list"),
    untilComplete(viewB, 60_000, "client B's candidate list"),
  ]);
  for (const [name, rows] of [['A', rowsA], ['B', rowsB]] as const) {
    if (!rows.some(r => r.id === target.id)) throw new Error(`profile ${target.id} is not in client ${name}'s first ${LIST_LIMIT}`);
  }
  say(`clients A (${USER_A}) and B (${USER_B}) have their lists in ${seconds(t)}; editing profile ${target.id}`);
  open.watcher = new CityWatcher(viewB, target.id);
  const editTarget = {profileID: target.id, watcher: open.watcher};

  t = performance.now();
  const edits = await measureEdits({a: clientA, target: editTarget, samples: args.samples, warmup: WARMUP, gapMs: GAP_MS, tag});
  say(`(a)+(b) ${args.samples} edits (+${WARMUP} warm-up) in ${seconds(t)}`);

  t = performance.now();
  const pgSql = connect(open.db.url, {max: 1});
  open.sql.push(pgSql);
  const pg = await measurePostgres({sql: pgSql, target: editTarget, samples: args.samples, gapMs: GAP_MS, tag});
  say(`(c) ${args.samples} direct UPDATEs in ${seconds(t)}`);

  t = performance.now();
  const cold = await measureColdList({
    cacheURL,
    users: [a, b],
    expectedRows: new Map([[a.userID, rowsA.length], [b.userID, rowsB.length]]),
    limit: LIST_LIMIT,
    samples: args.coldSamples,
    gapMs: GAP_MS,
    tag,
    open: open.clients,
  });
  say(`(d) ${args.coldSamples} cold clients in ${seconds(t)}`);

  // Memory while A and B are still connected.
  const memory = [
    {label: 'pg', memory: treeMemory(open.db.pid)},
    ...open.stack.processes.map(p => ({label: p.label, memory: treeMemory(p.pid)})),
    {label: 'bench', memory: treeMemory(process.pid, false)},
  ];
  await sql`UPDATE profile SET city = ${target.city} WHERE id = ${target.id}`; // leave the data as seeded

  const report = formatReport({
    profiles: args.profiles,
    samples: args.samples,
    cores: availableParallelism(),
    aToB: summarize(edits.aToB),
    roundTrip: summarize(edits.roundTrip),
    pgCommit: summarize(pg.commit),
    pgToB: summarize(pg.toB),
    coldList: summarize(cold),
    memory,
  });
  console.log(['', ...report, ''].join('\n'));
}

let args: BenchArgs | undefined;
try {
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    process.exit(0);
  }
  args = parsed;
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const {dir, reused} = prepareDataDir(args.profiles);
// Installed before anything starts, so Ctrl-C during start-up still stops what already runs.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping`);
    void shutdown(130, args, dir);
  });
}
const watchdog = setTimeout(() => {
  console.error(`[bench] gave up after ${WATCHDOG_MS / 60_000} minutes`);
  void shutdown(1, args, dir);
}, WATCHDOG_MS);
try {
  await main(args, dir, reused);
  clearTimeout(watchdog);
  await shutdown(0, args, dir);
} catch (e) {
  console.error(`[bench] failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  await shutdown(1, args, dir);
}
