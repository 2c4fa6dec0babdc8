// `npm run fuzz -- --runs N [--seed S]`: the fuzz suite (tests/pg/fuzz.pg.test.ts) with N runs per
// mutator and role, and per route (CI runs 2). A failure prints its seed; --seed replays it.
import {spawnSync} from 'node:child_process';
import {parseArgs} from 'node:util';

const {values} = parseArgs({options: {runs: {type: 'string', default: '50'}, seed: {type: 'string'}}});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number above 0, not ${values.runs}`);
const env = {...process.env, FUZZ_RUNS: String(runs), ...(values.seed ? {FUZZ_SEED: values.seed} : {})};
const {status} = spawnSync('npx', ['vitest', 'run', '--project', 'pg', 'tests/pg/fuzz.pg.test.ts'], {stdio: 'inherit', env});
process.exit(status ?? 1);
