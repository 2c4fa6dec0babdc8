import fc from 'fast-check';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {serverMutators} from '../../server/zero/mutators.ts';
import {connect} from '../../server/db/sql.ts';
import type {Role} from '../../permissions/roles.ts';
import {startTestApi} from '../support/api.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {hostileArgs, hostileBody, hostileSegment} from '../support/hostile.ts';
import {zeroShardForTests} from '../support/zero-shard.ts';

/**
 * The fuzz suite: every Zero mutator and every REST route, driven through the real API app and Postgres
 * with generated hostile input (wrong types, huge strings, deep nesting, unicode edge cases, other users'
 * ids, bodies that are not JSON or too large), as every role and anonymously. Invariants:
 * - the server never fails (no 5xx, no mutator error other than the app's typed, translated refusals);
 * - a refusal writes nothing: every table's rows are as they were (the logs written on purpose aside);
 * - the server still answers afterwards.
 * FUZZ_RUNS sets the runs per mutator and per route (`npm run fuzz -- --runs N`); CI runs a short pass.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;

/** Written on purpose by refused and anonymous requests: the access and sign-in logs, rate counts, sessions. */
const WRITTEN_ON_REFUSAL = new Set(['access_log', 'auth_event', 'rate_limit', 'session', 'client_group', 'login_code']);

let zeroParams: string;

/** One checksum per table: any insert, update or delete changes it. */
async function snapshot(): Promise<Map<string, string>> {
  const tables = await sql<{name: string}[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
  const sums = new Map<string, string>();
  for (const {name} of tables) {
    if (WRITTEN_ON_REFUSAL.has(name) || name.startsWith('_')) continue;
    const [row] = await sql.unsafe<{sum: string}[]>(
      `SELECT count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text AS sum FROM "${name}" t`,
    );
    sums.set(name, row!.sum);
  }
  return sums;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);

type Caller = {role: Role | 'anonymous'; cookie: string};
const callers: Caller[] = [];
/** Real ids of rows that belong to someone else than every caller (cards, users, activities, chats…). */
let foreign: string[] = [];

beforeAll(async () => {
  api = await startTestApi(sql);
  zeroParams = await zeroShardForTests(sql, 'fuzz_test');
  const owner = await makeUser(sql, 'shadchan', ['editTickets']);
  foreign = [owner.userID, await makeProfile(sql, owner.userID, 'general'), await makeProfile(sql, owner.userID, 'general')];
  for (const table of ['activity', 'chat', 'saved_search', 'page', 'shidduch_idea', 'engaged_couple', 'registration_link']) {
    const rows = await sql.unsafe<{id: string}[]>(`SELECT id FROM "${table}" ORDER BY id LIMIT 2`);
    foreign.push(...rows.map(r => r.id));
  }
  const roles: Array<[Role, Parameters<typeof makeUser>[2]]> = [
    ['admin', []],
    ['coordinator', []],
    ['shadchan', ['editTickets']],
    ['shadchan', []],
    ['representative', []],
  ];
  for (const [role, grants] of roles) {
    const user = await makeUser(sql, role, grants);
    const res = await api.app.request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID: user.userID}),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map(line => line.split(';')[0]!)
      .join('; ');
    callers.push({role, cookie});
  }
  callers.push({role: 'anonymous', cookie: ''});
});

afterAll(async () => {
  await api?.close();
  await sql.end();
});

/** The server still answers. */
async function stillAnswers() {
  expect((await api.app.request('/api/health')).status).toBe(200);
}

/** zero-cache's /mutate call: one custom mutation from a new client. */
async function push(caller: Caller, name: string, args: unknown) {
  const res = await api.app.request(`/api/zero/mutate${zeroParams}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', cookie: caller.cookie},
    body: JSON.stringify({
      clientGroupID: `cg-${nanoid(8)}`,
      mutations: [{type: 'custom', id: 1, clientID: `c-${nanoid(8)}`, name, args: [args], timestamp: Date.now()}],
      pushVersion: 1,
      timestamp: Date.now(),
      requestID: nanoid(),
    }),
  });
  const text = await res.text();
  return {status: res.status, body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>)};
}

const mutatorNames = (() => {
  const names: string[] = [];
  const walk = (node: object, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '~') continue;
      if (typeof value === 'function' && 'mutatorName' in value) names.push(String(value.mutatorName));
      else if (value && typeof value === 'object') walk(value, [...path, key]);
    }
  };
  walk(serverMutators, []);
  return names;
})();

describe('fuzz: every Zero mutator refuses hostile input, as every role and anonymously, and writes nothing', () => {
  const nulInArgs = (): [Caller, unknown] => [
    callers.find(c => c.role === 'admin')!,
    {id: `${foreign[0] ?? 'a'}\u0000`, ids: ['a\u0000b'], title: 'x\u0000y'},
  ];

  test('the mutators are all here', () => {
    expect(mutatorNames.length).toBeGreaterThan(80);
  });

  for (const name of mutatorNames) {
    test(
      name,
      async () => {
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...callers), hostileArgs(foreign), async (caller, args) => {
            const before = await snapshot();
            const {status, body} = await push(caller, name, args);
            expect(status, `${name} as ${caller.role}: ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
            if (caller.role === 'anonymous') expect(status).toBe(401);
            const results = (body?.mutations as Array<{result: {error?: string; details?: {code?: string}}}> | undefined) ?? [];
            const result = results[0]?.result;
            if (status === 200 && result && !result.error) {
              accepted += 1; // a write hostile values happened to satisfy: allowed, and it may write
              return;
            }
            if (result?.error) {
              // Only the app's typed refusals, which the browser translates (permissions/errors.ts).
              expect(result.error, `${name} as ${caller.role}: ${JSON.stringify(result).slice(0, 300)}`).toBe('app');
              expect(result.details?.code, JSON.stringify(result).slice(0, 300)).toEqual(expect.any(String));
            }
            expect(changedTables(before, await snapshot()), `${name} as ${caller.role} refused but wrote`).toEqual([]);
          }),
          // First, whatever the run count: the administrator with a NUL in an id and in a text (a database error,
          // found by this suite in cards.reopen, before every write was checked for it).
          {numRuns: RUNS * callers.length, seed: SEED, endOnFailure: true, examples: [nulInArgs()]},
        );
        await stillAnswers();
        // Hostile input may pass now and then (a free-text field), never most of the time.
        expect(accepted).toBeLessThanOrEqual(Math.ceil(RUNS * callers.length * 0.5));
      },
      120_000,
    );
  }
});

/** Routes whose purpose would end the fuzzing callers' sessions. */
const ENDS_SESSIONS = /\/(logout|sign-out|signout)/;

describe('fuzz: every REST route answers hostile requests without failing, and a refusal writes nothing', () => {
  const routes = () =>
    api.app.routes
      .filter(
        r => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api/') && !r.path.includes('*'),
      )
      .filter(r => !ENDS_SESSIONS.test(r.path))
      .filter((r, i, all) => all.findIndex(o => o.method === r.method && o.path === r.path) === i);

  test('a NUL byte in an id is refused (400), not failed (found by this suite: print answered 500)', async () => {
    const representative = callers.find(c => c.role === 'representative')!;
    const res = await api.app.request('/api/profiles/a%00b/print', {
      method: 'POST',
      headers: {'content-type': 'application/json', cookie: representative.cookie, origin: 'http://localhost'},
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({error: 'invalidInput'});
  });

  /**
   * Each route's first case, whatever the run count: the administrator (whom most checks let through) with
   * a NUL byte in every id. The 500 this suite found took about 25 random cases a route to meet.
   */
  const nulInEveryID = (): [Caller, string[], {contentType: string; body: string}] => [
    callers.find(c => c.role === 'admin')!,
    Array(4).fill('a%00b'),
    {contentType: 'application/json', body: '{}'},
  ];

  test(
    'every route',
    async () => {
      const all = routes();
      expect(all.length).toBeGreaterThan(40);
      for (const route of all) {
        const write = route.method !== 'GET';
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...callers),
            fc.array(hostileSegment(foreign), {minLength: 4, maxLength: 4}),
            hostileBody(foreign),
            async (caller, segments, {contentType, body}) => {
              let i = 0;
              const path = route.path.replace(/:[\w]+(\{[^}]*\})?\??/g, () => segments[i++ % segments.length]!);
              const before = write ? await snapshot() : undefined;
              const res = await api.app.request(path, {
                method: route.method,
                headers: {'content-type': contentType, cookie: caller.cookie, origin: 'http://localhost'},
                body: write ? body : undefined,
              });
              const label = `${route.method} ${route.path} as ${caller.role} → ${res.status}`;
              // Streams (downloads, events) are not read: their status is the answer.
              if (!res.headers.get('content-type')?.includes('event-stream')) await res.arrayBuffer();
              expect(res.status, label).toBeLessThan(500);
              if (before && res.status >= 400)
                expect(changedTables(before, await snapshot()), `${label}: refused but wrote`).toEqual([]);
            },
          ),
          {numRuns: RUNS * 2, seed: SEED, endOnFailure: true, examples: [nulInEveryID()]},
        );
      }
      await stillAnswers();
    },
    20 * 60_000,
  );
});
