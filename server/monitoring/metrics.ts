import {createServer, type Server} from 'node:http';
import {mustGetMutator} from '@rocicorp/zero';
import type {MiddlewareHandler} from 'hono';
import {routePath} from 'hono/route';
import {Counter, Gauge, Histogram, Registry, collectDefaultMetrics} from 'prom-client';
import {AppError} from '../../permissions/errors.ts';
import type {Sql} from '../db/sql.ts';
import type {ApiEnv} from '../http/env.ts';
import {serverMutators} from '../zero/mutators.ts';
import {treeMemory} from './processes.ts';
import {activeClientGroups, activeSessions, lastBackup, replication} from './readings.ts';
import type {StackView} from './stack-view.ts';

/** Readings from Postgres are shared by the gauges of one scrape (and scrapes this close together). */
const READINGS_CACHE_MS = 1000;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The API's Prometheus metrics (prom-client), served on a loopback-only listener (serveMetrics) and never on
 * the API's own port. Requests are labelled by their route's pattern and status class, mutations by the
 * mutator's name (an unknown name is `unknown`), so no label grows with ids or with what clients send.
 * The gauges read Postgres when scraped. docs/operations.md#monitoring lists them.
 */
export function createMetrics(sql: Sql, {stackStatus}: {stackStatus?: () => StackView | undefined} = {}) {
  const registry = new Registry();
  collectDefaultMetrics({register: registry});

  const requests = new Histogram({
    name: 'kesher_http_request_duration_seconds',
    help: 'API requests by route pattern, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mutations = new Histogram({
    name: 'kesher_zero_mutation_duration_seconds',
    help: "Zero mutations run on the server (inside the push's transaction), by mutator",
    labelNames: ['mutator'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mutationErrors = new Counter({
    name: 'kesher_zero_mutation_errors_total',
    help: 'Zero mutations refused or failed on the server, by mutator and error code (internal: not an application error)',
    labelNames: ['mutator', 'code'] as const,
    registers: [registry],
  });

  let readings: {at: number; values: Promise<Readings>} | undefined;
  const read = () => {
    if (!readings || Date.now() - readings.at > READINGS_CACHE_MS) readings = {at: Date.now(), values: readAll(sql)};
    return readings.values;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    set: (g: Gauge<L>, r: Readings) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        set(this, await read());
      },
    });
  gauge('kesher_postgres_up', 'Whether Postgres answered the last reading (1) or not (0)', [], (g, r) => g.set(r.up ? 1 : 0));
  gauge('kesher_replication_lag_bytes', "WAL bytes zero-cache's replication slot has not confirmed", [], (g, r) => {
    if (r.replication?.lagBytes !== undefined) g.set(r.replication.lagBytes);
  });
  gauge('kesher_replication_lag_seconds', "How far zero-cache's replication is behind, when Postgres knows", [], (g, r) => {
    if (r.replication?.lagSeconds !== undefined) g.set(r.replication.lagSeconds);
  });
  gauge('kesher_replication_active', 'Whether zero-cache is connected to its replication slot', [], (g, r) => {
    if (r.replication) g.set(r.replication.replicating ? 1 : 0);
  });
  gauge('kesher_zero_client_groups_active', 'Client groups zero-cache served in the last 3 minutes', [], (g, r) => {
    if (r.clientGroups !== undefined) g.set(r.clientGroups);
  });
  gauge('kesher_sessions_active', 'Sessions in use (not expired, revoked or idle), staff and self', ['kind'], (g, r) => {
    for (const {kind, count} of r.sessions ?? []) g.set({kind}, count);
  });
  gauge('kesher_backup_last_success_timestamp_seconds', 'When the last good backup finished', [], (g, r) => {
    if (r.backup?.last) g.set(r.backup.last.at / 1000);
  });
  gauge('kesher_backup_last_size_bytes', 'The size of the last good backup', [], (g, r) => {
    if (r.backup?.last?.sizeBytes !== undefined) g.set(r.backup.last.sizeBytes);
  });
  new Gauge({
    name: 'kesher_stack_process_resident_memory_bytes',
    help: "Resident memory of each process `npm start` runs, with its children's",
    labelNames: ['process'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const processes = stackStatus?.()?.processes ?? [];
      const memory = treeMemory(processes.map(p => p.pid));
      for (const p of processes) {
        const bytes = memory.get(p.pid);
        if (bytes !== undefined) this.set({process: p.label}, bytes);
      }
    },
  });
  new Gauge({
    name: 'kesher_stack_process_restarts',
    help: 'Restarts of each process since `npm start` began',
    labelNames: ['process'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const p of stackStatus?.()?.processes ?? []) this.set({process: p.label}, p.restarts);
    },
  });

  return {
    registry,
    /** Hono middleware timing every request under the pattern of the route that answered it. */
    requests: (): MiddlewareHandler<ApiEnv> => async (c, next) => {
      const start = performance.now();
      try {
        await next();
      } finally {
        const status = c.res.status;
        requests.observe(
          {method: c.req.method, route: routePath(c), status: `${Math.floor(status / 100)}xx`},
          (performance.now() - start) / 1000,
        );
      }
    },
    /** Runs one server mutator, timed under its name; a failure is counted by its code and thrown on. */
    async mutation<T>(name: string, run: () => Promise<T>): Promise<T> {
      const mutator = knownMutator(name);
      const start = performance.now();
      try {
        return await run();
      } catch (error) {
        mutationErrors.inc({mutator, code: error instanceof AppError ? error.code : 'internal'});
        throw error;
      } finally {
        mutations.observe({mutator}, (performance.now() - start) / 1000);
      }
    },
  };
}

type Readings = {
  up: boolean;
  replication?: Awaited<ReturnType<typeof replication>>;
  clientGroups?: number;
  sessions?: Awaited<ReturnType<typeof activeSessions>>;
  backup?: Awaited<ReturnType<typeof lastBackup>>;
};

async function readAll(sql: Sql): Promise<Readings> {
  try {
    const [r, clientGroups, sessions, backup] = await Promise.all([
      replication(sql),
      activeClientGroups(sql),
      activeSessions(sql),
      lastBackup(sql),
    ]);
    return {up: true, replication: r, clientGroups, sessions, backup};
  } catch {
    return {up: false};
  }
}

const known = new Map<string, boolean>();
/** A mutator's name as a label: only names the server knows, so a client cannot grow the label set. */
function knownMutator(name: string): string {
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      mustGetMutator(serverMutators, name);
      ok = true;
    } catch {
      ok = false;
    }
    if (ok) known.set(name, ok);
  }
  return ok ? name : 'unknown';
}

/**
 * GET /metrics on 127.0.0.1 only, whatever LISTEN_HOST says: a reverse proxy on this machine reaches the
 * API's port from loopback too, so the metrics have a port of their own that nothing forwards.
 * A port already taken is reported and the API runs on without metrics.
 */
export function serveMetrics(metrics: Metrics, port: number, log: (line: string) => void = console.warn): Server {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, {'content-type': 'text/plain'}).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      text => res.writeHead(200, {'content-type': metrics.registry.contentType}).end(text),
      () => res.writeHead(500, {'content-type': 'text/plain'}).end('metrics failed\n'),
    );
  });
  server.on('error', error => log(`metrics: not serving on 127.0.0.1:${port} (${(error as Error).message})`));
  server.listen(port, '127.0.0.1');
  return server;
}
