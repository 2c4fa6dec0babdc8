import type {AddressInfo} from 'node:net';
import {Hono} from 'hono';
import {afterAll, describe, expect, inject, test} from 'vitest';
import {BACKUP_STALE_MS, backupWarning, type SystemStatus} from '../../app/admin/system-status.ts';
import {AppError} from '../../permissions/errors.ts';
import {connect, type Sql} from '../../server/db/sql.ts';
import type {ApiEnv} from '../../server/http/env.ts';
import {postgresHealth} from '../../server/monitoring/health.ts';
import {createMetrics, serveMetrics} from '../../server/monitoring/metrics.ts';
import {activeClientGroups, lastBackup, replication} from '../../server/monitoring/readings.ts';
import {mountHealthRoute} from '../../server/monitoring/status-routes.ts';
import type {StackView} from '../../server/monitoring/stack-view.ts';
import {useTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * The health the office can see (issue 32 point 5): /api/health, the administrator's system status
 * (/api/admin/system-status) with the orchestrator's processes and restarts and the last backup, and the
 * Prometheus metrics on their loopback listener.
 */
const sql = connect(inject('databaseURL'));
const DEAD_PID = 2 ** 22 + 12345; // above Linux's pid_max by default: never a live process
const stack: StackView = {
  processes: [
    {label: 'api', pid: process.pid, startedAt: Date.now() - 60_000, restarts: 1},
    {label: 'zero-cache', pid: DEAD_PID, startedAt: Date.now() - 120_000, restarts: 0},
  ],
  events: [
    {at: Date.now() - 50_000, label: 'api', event: 'restarted', detail: 'restart 1 in 10 min'},
    {at: Date.now() - 55_000, label: 'api', event: 'crashed', detail: 'exit code 1'},
  ],
};
let stackNow: StackView | undefined = stack;
const api = useTestApi(sql, {monitoring: {stackStatus: () => stackNow}});

/** Runs `body` in a transaction that is always rolled back, so tables made for a test leave nothing behind. */
async function rolledBack(body: (tx: Sql) => Promise<void>) {
  const undo = new Error('rollback');
  await sql
    .begin(async tx => {
      await body(tx as unknown as Sql);
      throw undo;
    })
    .catch(error => {
      if (error !== undo) throw error;
    });
}

describe('GET /api/health', () => {
  test('answers 200 with Postgres up, to anyone, and nothing else', async () => {
    const res = await browser(api.app).get('/api/health');
    expect(res).toMatchObject({status: 200, body: {ok: true, postgres: 'up'}});
    expect(Object.keys(res.body).sort()).toEqual(['ok', 'postgres']);
  });

  test('answers 503 when Postgres does not answer, within the timeout', async () => {
    const dead = connect('postgres://nobody:nothing@127.0.0.1:1/none', {max: 1});
    const app = new Hono<ApiEnv>();
    mountHealthRoute(app, dead);
    const started = Date.now();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ok: false, postgres: 'down'});
    expect(Date.now() - started).toBeLessThan(5000);
    await dead.end({timeout: 0});
  });

  test('shares one check among the calls of a second', async () => {
    let queries = 0;
    const counting = new Proxy(sql, {
      apply: (target, self, args: Parameters<Sql>) => {
        queries++;
        return Reflect.apply(target, self, args);
      },
    });
    const healthy = postgresHealth(counting);
    expect(await Promise.all(Array.from({length: 20}, () => healthy()))).toEqual(Array(20).fill(true));
    expect(await healthy()).toBe(true);
    expect(queries).toBe(1);
  });
});

describe('GET /api/admin/system-status', () => {
  test('an administrator sees the API, Postgres, zero-cache, the processes and the restarts', async () => {
    const admin = await signedIn(api.app, (await makeUser(sql, 'admin')).userID);
    const res = await admin.get('/api/admin/system-status');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const status = res.body as SystemStatus;
    expect(status.api).toMatchObject({pid: process.pid, postgres: 'up'});
    expect(status.api.postgresVersion).toMatch(/^\d+(\.\d+)?/);
    expect(status.api.databaseBytes).toBeGreaterThan(1_000_000);
    expect(status.zero.activeClientGroups).toBeGreaterThanOrEqual(0);
    expect(status.activeSessions).toBeGreaterThanOrEqual(1);
    expect(status.fromOrchestrator).toBe(true);
    const [apiProcess, zero] = status.processes;
    expect(apiProcess).toMatchObject({label: 'api', pid: process.pid, running: true, restarts: 1});
    expect(apiProcess!.rssBytes).toBeGreaterThan(10_000_000);
    expect(zero).toMatchObject({label: 'zero-cache', running: false});
    expect(zero!.rssBytes).toBeUndefined();
    // Newest first.
    expect(status.events.map(e => e.event)).toEqual(['restarted', 'crashed']);
  });

  test('without the status file, the API alone, and it says so', async () => {
    stackNow = undefined;
    try {
      const admin = await signedIn(api.app, (await makeUser(sql, 'admin')).userID);
      const status = (await admin.get('/api/admin/system-status')).body as SystemStatus;
      expect(status.fromOrchestrator).toBe(false);
      expect(status.processes).toEqual([expect.objectContaining({label: 'api', pid: process.pid, running: true})]);
      expect(status.events).toEqual([]);
    } finally {
      stackNow = stack;
    }
  });

  test('anyone else is refused before any data: a signed-out browser 401, a non-administrator 403', async () => {
    expect((await browser(api.app).get('/api/admin/system-status')).status).toBe(401);
    // Every permission there is does not make an administrator.
    const coordinator = await signedIn(api.app, (await makeUser(sql, 'coordinator', ['usersLog', 'editShadchanim'])).userID);
    expect(await coordinator.get('/api/admin/system-status')).toMatchObject({status: 403, body: {error: 'forbidden'}});
  });
});

describe('the last backup', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  test('warns when there is none, or when the last is older than a day', () => {
    expect(backupWarning(undefined, now)).toBe('none');
    expect(backupWarning(now - BACKUP_STALE_MS + 60_000, now)).toBeUndefined();
    expect(backupWarning(now - BACKUP_STALE_MS - 60_000, now)).toBe('stale');
  });

  test('reads backup_run: the last good run, a failure after it, and no table at all as no backup', async () => {
    await rolledBack(async tx => {
      await tx`DROP TABLE IF EXISTS backup_run`;
      expect(await lastBackup(tx, now)).toEqual({warning: 'none'});
      // The backup's own migration (0054) makes this table; its shape, as agreed.
      await tx`CREATE TABLE backup_run (id text PRIMARY KEY, started_at timestamptz NOT NULL, finished_at timestamptz,
        size_bytes bigint, file_name text NOT NULL, encrypted boolean NOT NULL, ok boolean NOT NULL DEFAULT false, error text)`;
      expect(await lastBackup(tx, now)).toEqual({warning: 'none'});
      const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
      await tx`INSERT INTO backup_run (id, started_at, finished_at, size_bytes, file_name, encrypted, ok) VALUES
        ('old', ${at(50)}, ${at(49)}, 1000, 'kesher-old.tar.gz', false, true),
        ('good', ${at(30)}, ${at(29)}, 5000000000, 'kesher-good.tar.gz.enc', true, true),
        ('running', ${at(1)}, NULL, NULL, 'kesher-running.tar.gz', true, false)`;
      expect(await lastBackup(tx, now)).toEqual({
        last: {at: at(29).getTime(), sizeBytes: 5_000_000_000, fileName: 'kesher-good.tar.gz.enc', encrypted: true},
        warning: 'stale',
      });
      await tx`INSERT INTO backup_run (id, started_at, finished_at, file_name, encrypted, ok, error)
        VALUES ('failed', ${at(3)}, ${at(2)}, 'kesher-failed.tar.gz', true, false, 'disk full')`;
      expect(await lastBackup(tx, now)).toMatchObject({lastFailedAt: at(2).getTime(), warning: 'stale'});
      await tx`INSERT INTO backup_run (id, started_at, finished_at, size_bytes, file_name, encrypted, ok)
        VALUES ('fresh', ${at(1)}, ${at(0.5)}, 42, 'kesher-fresh.tar.gz', false, true)`;
      expect(await lastBackup(tx, now)).toEqual({
        last: {at: at(0.5).getTime(), sizeBytes: 42, fileName: 'kesher-fresh.tar.gz', encrypted: false},
      });
    });
  });
});

describe("zero-cache's replication and client groups, as Postgres keeps them", () => {
  test("the lag of the app's replication slot (kesher_0_…), none without one", async () => {
    const before = await replication(sql);
    expect(before).toEqual({replicating: false});
    await sql`SELECT pg_create_logical_replication_slot('kesher_0_status_test', 'pgoutput')`;
    try {
      await sql`CREATE TEMP TABLE wal_maker AS SELECT generate_series(1, 1000) AS n`;
      const lag = await replication(sql);
      expect(lag.replicating).toBe(false);
      expect(lag.lagBytes).toBeGreaterThan(0);
    } finally {
      await sql`SELECT pg_drop_replication_slot('kesher_0_status_test')`;
    }
  });

  test('client groups active in the last minutes, from the CVR (kesher_0/cvr.instances)', async () => {
    await rolledBack(async tx => {
      await tx`CREATE SCHEMA IF NOT EXISTS "kesher_0/cvr"`;
      await tx`CREATE TABLE IF NOT EXISTS "kesher_0/cvr".instances ("clientGroupID" text PRIMARY KEY,
        "lastActive" timestamptz NOT NULL, deleted bool DEFAULT false)`;
      await tx`DELETE FROM "kesher_0/cvr".instances`;
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      await tx`INSERT INTO "kesher_0/cvr".instances VALUES
        ('now', ${ago(0.5)}, false), ('a-minute', ${ago(1.5)}, false), ('gone', ${ago(1)}, true), ('old', ${ago(30)}, false)`;
      expect(await activeClientGroups(tx)).toBe(2);
    });
  });
});

describe('the metrics', () => {
  const metrics = createMetrics(sql, {stackStatus: () => stack});
  const server = serveMetrics(metrics, 0);
  afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));
  const scrape = async () => {
    if (!server.listening) await new Promise(resolve => server.once('listening', resolve));
    const {address, port} = server.address() as AddressInfo;
    expect(address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  test('answer on 127.0.0.1 with the request and mutation latencies, errors, replication, sessions, memory', async () => {
    const app = new Hono<ApiEnv>();
    app.use('*', metrics.requests());
    app.get('/api/things/:id', c => c.json({id: c.req.param('id')}));
    await app.request('/api/things/ab12cd');
    await app.request('/api/things/ef34gh');
    await metrics.mutation('cards.save', async () => {});
    await expect(
      metrics.mutation('cards.save', async () => {
        throw new AppError('forbidden');
      }),
    ).rejects.toThrow();
    await metrics.mutation('made.up', async () => {}); // an unknown name is no label of its own

    const text = await scrape();
    for (const name of [
      'kesher_http_request_duration_seconds_bucket',
      'kesher_zero_mutation_duration_seconds_bucket',
      'kesher_zero_mutation_errors_total',
      'kesher_replication_lag_bytes',
      'kesher_zero_client_groups_active',
      'kesher_sessions_active',
      'kesher_postgres_up 1',
      'kesher_stack_process_resident_memory_bytes{process="api"}',
      'kesher_stack_process_restarts{process="api"} 1',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(name);
    }
    expect(text).toContain('kesher_http_request_duration_seconds_count{method="GET",route="/api/things/:id",status="2xx"} 2');
    expect(text).not.toContain('ab12cd');
    expect(text).toContain('kesher_zero_mutation_duration_seconds_count{mutator="cards.save"} 2');
    expect(text).toContain('kesher_zero_mutation_errors_total{mutator="cards.save",code="forbidden"} 1');
    expect(text).toContain('mutator="unknown"');
    expect(text).not.toContain('made.up');
  });

  test('answer nothing but GET /metrics', async () => {
    await scrape();
    const {port} = server.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});
