import {parseArgs} from 'node:util';
import type {SoakOptions} from './soak.ts';

/** What `npm run bench -- …` was asked to do. */
export type BenchArgs = {
  /** Demo candidates to seed (default 10,000; 100,000 must work). */
  profiles: number;
  /** Demo activities in all, spread over the cards (default 10 × profiles). */
  activities: number;
  /** Samples per latency metric (default 60). */
  samples: number;
  /** Samples for the slower metrics (cold lists, searches, live counts, --pipelines): min(samples, 20). */
  coldSamples: number;
  /** Fan-out sizes: open tabs that watch one edit (default 5, 20, 50). */
  fanout: number[];
  /** Keep the data dir afterwards, so the next run with the same --profiles skips seeding and sync. */
  keep: boolean;
  /** Zero's multi-node topology: a replication manager plus this many view-syncers (0: one zero-cache). */
  viewSyncers: number;
  /** B is a chosen viewer of one card: the read rule in its longer shape (permissions/profiles.ts). */
  chosenViewer: boolean;
  /** Instead of the latency run: Zero's query analyser on candidates.list for every example filter set. */
  analyse: boolean;
  /** Instead of the latency run: each tab query's cost to zero-cache in a fan-out (pipelines.ts). */
  pipelines: boolean;
  /** With --pipelines: CPU profiles of the sync worker, summed by source file. */
  cpuProfile: boolean;
  /** Instead of the latency run: rounds of client groups opened and closed, zero-cache's memory after each (soak.ts). */
  soak: SoakOptions | undefined;
};

export const USAGE = `usage: npm run bench -- [--profiles N] [--activities N] [--samples K] [--fanout K,K…] [--keep] [--view-syncers V] [--chosen-viewer] [--analyse]
       npm run bench -- --pipelines [--cpu-profile] [--fanout K,K…] …
       npm run bench -- --soak [--soak-minutes M] [--soak-round K] [--soak-rounds R] [--soak-warmup W] [--soak-snapshots] [--profiles N] …
  --profiles N   demo candidates to seed (default 10000)
  --activities N demo activities in all, spread over the candidates (default 10 × profiles)
  --samples K    samples per metric (default 60; the cold lists, searches, live counts and --pipelines
                 take min(K, 20))
  --fanout K,K…  fan-out sizes: tabs watching one edit (default 5,20,50)
  --keep         keep .data/bench-N-A for a faster re-run with the same N and A
  --view-syncers V  Zero's multi-node topology: one replication manager and V view-syncers, the
                 clients spread over them (default 0: one zero-cache, as npm start runs it)
  --chosen-viewer  the second user (whose lists are measured) is a chosen viewer of one card, so the
                 read rule asks every card's chosen viewers, as it does for such a user
  --analyse      run Zero's query analyser on the candidate list for each example filter set
                 (server/bench/filter-examples.ts) instead of the latency measurements
  --pipelines    instead of the latency measurements: fan-outs to K tabs (default 20) holding the list
                 alone, the list and one more query (card, bell, pulse), and a real tab, Kesher and raw;
                 per edit the sync worker's CPU time and the last tab's latency: what each query costs
  --cpu-profile  with --pipelines: a CPU profile of the sync worker over the real tabs' edits, summed
                 by source file
  --soak         instead of the latency measurements: rounds of K client groups (staff tabs with a list,
                 a card and the bell) opened, synced and closed, and zero-cache's memory per process after
                 each round (RSS, its anonymous part, the V8 heap after a full GC); at the end the slope
                 after the warm-up in MiB per 100 client groups
  --soak-minutes M  rounds until M minutes have passed (default 30)
  --soak-round K    client groups per round (default 100)
  --soak-rounds R   at most R rounds (default: no limit but the time)
  --soak-warmup W   rounds left out of the slope (default 3, at most half the rounds)
  --soak-snapshots  heap snapshots of the sync worker after the warm-up and at the end
Ports default to the dev ports + 100 (PG_PORT, API_PORT, WEB_PORT, ZERO_PORT, PHONE_PROXY_PORT override them).
ZERO_LOG_LEVEL (default warn) sets zero-cache's log level, e.g. debug to follow one client group.`;

/** Accepts 10000, 10_000 or 10,000. */
function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer (got ${raw})\n${USAGE}`);
  return value;
}

export function parseBenchArgs(argv: string[]): BenchArgs | 'help' {
  const {values} = parseArgs({
    args: argv,
    options: {
      profiles: {type: 'string'},
      activities: {type: 'string'},
      samples: {type: 'string'},
      fanout: {type: 'string'},
      keep: {type: 'boolean', default: false},
      'view-syncers': {type: 'string'},
      'chosen-viewer': {type: 'boolean', default: false},
      analyse: {type: 'boolean', default: false},
      pipelines: {type: 'boolean', default: false},
      'cpu-profile': {type: 'boolean', default: false},
      soak: {type: 'boolean', default: false},
      'soak-minutes': {type: 'string'},
      'soak-round': {type: 'string'},
      'soak-rounds': {type: 'string'},
      'soak-warmup': {type: 'string'},
      'soak-snapshots': {type: 'boolean', default: false},
      help: {type: 'boolean', short: 'h', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if (values['cpu-profile'] && !values.pipelines) throw new Error(`--cpu-profile goes with --pipelines\n${USAGE}`);
  const samples = positiveInteger('samples', values.samples, 60);
  const profiles = positiveInteger('profiles', values.profiles, 10_000);
  return {
    profiles,
    activities: positiveInteger('activities', values.activities, 10 * profiles),
    samples,
    coldSamples: Math.min(samples, 20),
    fanout: (values.fanout ?? (values.pipelines ? '20' : '5,20,50')).split(',').map(k => positiveInteger('fanout', k.trim(), 0)),
    keep: values.keep,
    viewSyncers: values['view-syncers'] === '0' ? 0 : positiveInteger('view-syncers', values['view-syncers'], 0),
    chosenViewer: values['chosen-viewer'],
    analyse: values.analyse,
    pipelines: values.pipelines,
    cpuProfile: values['cpu-profile'],
    soak: values.soak ? soakOptions(values) : undefined,
  };
}

function soakOptions(values: Record<string, string | boolean | undefined>): SoakOptions {
  const text = (name: string) => values[name] as string | undefined;
  const maxRounds = positiveInteger('soak-rounds', text('soak-rounds'), Number.MAX_SAFE_INTEGER);
  const warmup = text('soak-warmup') === '0' ? 0 : positiveInteger('soak-warmup', text('soak-warmup'), 3);
  return {
    minutes: positiveInteger('soak-minutes', text('soak-minutes'), 30),
    round: positiveInteger('soak-round', text('soak-round'), 100),
    maxRounds,
    // The slope needs rounds after the warm-up: a short run keeps at least half of its rounds.
    warmup: Math.min(warmup, Math.floor(maxRounds / 2)),
    snapshots: values['soak-snapshots'] === true,
  };
}
