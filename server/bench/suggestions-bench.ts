/**
 * `npm run bench:suggestions -- [--profiles N] [--activities N] [--samples K] [--keep]`: a card's suggested
 * matches (issue 37, GET /api/profiles/:id/suggestions, top 20) over HTTP, as an administrator (who sees
 * every card, so the most to rank) and as a coordinator, each for K different open cards picked at random
 * (default 100, after 5 to warm up). Prints p50/p95/max per user; target: p95 ≤ 300 ms at 100,000 cards.
 * The data dir is the main bench's (`.data/bench-N-A`): a run of `npm run bench -- --keep` with the same
 * seed is reused, and --keep here keeps it in turn. Never part of `npm test`.
 */
import {parseArgs} from 'node:util';
import {connect} from '../db/sql.ts';
import {assertPortsFree} from '../stack/ports.ts';
import {startStack, type Stack} from '../stack/stack.ts';
import {signIn} from './clients.ts';
import {benchPorts, finishDataDir, prepareDataDir, type BenchSeed} from './environment.ts';
import {positiveOption, runStandalone} from './standalone.ts';
import {ms, summarize} from './timing.ts';
import {isZeroCache} from './report.ts';
import {untilQuiet} from './zero-cpu.ts';

const USAGE = `usage: npm run bench:suggestions -- [--profiles N] [--activities N] [--samples K] [--keep]
  --profiles N    demo candidates (default 10000)
  --activities N  demo activities in all (default 10 × profiles)
  --samples K     cards measured per user (default 100)
  --keep          keep .data/bench-N-A for the next run (this bench's or the main one's)`;

const say = (line: string) => console.log(`[bench:suggestions] ${line}`);
const WARMUP = 5;
const USERS = ['demo-admin', 'demo-coordinator'];

async function main(seed: BenchSeed, samples: number, dataDir: string, reused: boolean, stackOf: (s: Promise<Stack>) => void) {
  const ports = benchPorts();
  await assertPortsFree(ports, ['web', 'phoneProxy']);
  say(
    `${seed.profiles.toLocaleString('en-US')} candidates, ${seed.activities.toLocaleString('en-US')} activities${reused ? ' (reused)' : ''}`,
  );
  const starting = startStack({
    ports,
    dataDir,
    fresh: !reused,
    production: false,
    vite: false,
    seedProfiles: seed.profiles,
    seedActivities: seed.activities,
    zeroLogLevel: 'warn',
    apiEnv: {PHONE_PROXY_ENABLED: 'false'},
  });
  stackOf(starting);
  const stack = await starting;
  const sql = connect(stack.databaseURL, {max: 2});
  // As in production, zero-cache beside the API is settled, not replaying a kept replica's change log.
  const waited = await untilQuiet(stack.processes.filter(p => isZeroCache(p.label)));
  say(`zero-cache settled after ${Math.round(waited)} ms`);
  const lines: string[] = [];
  try {
    for (const userID of USERS) {
      const user = await signIn(sql, userID);
      const cards = await sql<{id: string}[]>`
        SELECT id FROM profile WHERE state = 'active' AND deleted_at IS NULL AND closed_at IS NULL AND database = 'general'
         ORDER BY random() LIMIT ${WARMUP + samples}`;
      const times: number[] = [];
      let listed = 0;
      for (const [i, {id}] of cards.entries()) {
        const t = performance.now();
        const response = await fetch(`http://127.0.0.1:${ports.api}/api/profiles/${id}/suggestions`, {
          headers: {authorization: `Bearer ${user.token}`},
        });
        if (!response.ok) throw new Error(`suggestions of ${id} as ${userID}: ${response.status} ${await response.text()}`);
        const {matches} = (await response.json()) as {matches: unknown[]};
        if (i < WARMUP) continue;
        times.push(performance.now() - t);
        listed += matches.length;
      }
      const s = summarize(times);
      lines.push(
        `  ${userID.padEnd(18)} p50 ${ms(s.p50).padStart(9)} · p95 ${ms(s.p95).padStart(9)} · max ${ms(s.max).padStart(9)}  (${s.n} cards, ${(listed / s.n).toFixed(1)} matches each)`,
      );
    }
    console.log(
      [
        '',
        `Suggested matches, a card's top 20 over HTTP (${seed.profiles.toLocaleString('en-US')} candidates; target p95 ≤ 300 ms at 100,000)`,
        ...lines,
        '',
      ].join('\n'),
    );
  } finally {
    await sql.end({timeout: 2});
  }
}

const {values} = parseArgs({
  options: {
    profiles: {type: 'string'},
    activities: {type: 'string'},
    samples: {type: 'string'},
    keep: {type: 'boolean'},
    help: {type: 'boolean', short: 'h'},
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const profiles = positiveOption('profiles', values.profiles, 10_000, USAGE);
const seed = {profiles, activities: positiveOption('activities', values.activities, profiles * 10, USAGE)};
const samples = positiveOption('samples', values.samples, 100, USAGE);
const {dir, reused} = prepareDataDir(seed);
await runStandalone(
  'suggestions',
  30 * 60_000,
  stackOf => main(seed, samples, dir, reused, stackOf),
  succeeded => finishDataDir(dir, seed, values.keep === true && succeeded),
);
