import type {Hono} from 'hono';
import type {SystemProcess, SystemStatus} from '../../app/admin/system-status.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import type {ApiEnv} from '../http/env.ts';
import {postgresHealth} from './health.ts';
import {treeMemory} from './processes.ts';
import {activeClientGroups, activeSessions, lastBackup, postgresFacts, replication} from './readings.ts';
import type {StackView} from './stack-view.ts';

/** The restarts the page lists. */
const EVENTS_SHOWN = 20;

export type MonitoringOptions = {
  /** The orchestrator's status file as it is now (server/monitoring/stack-view.ts); without it, the API alone. */
  stackStatus?: () => StackView | undefined;
};

/**
 * The health the office can see (issue 32 point 5):
 *   GET /api/health                → 200 {ok: true, postgres: 'up'} or 503 {ok: false, postgres: 'down'};
 *                                    anyone, nothing else, one `SELECT 1` a second at most
 *   GET /api/admin/system-status   → SystemStatus (app/admin/system-status.ts), administrators only
 * The health route is mounted before the session gate, so it answers even while the sessions table cannot.
 */
export function mountHealthRoute(app: Hono<ApiEnv>, sql: Sql) {
  const healthy = postgresHealth(sql);
  app.get('/api/health', async c => {
    const up = await healthy();
    return c.json(up ? {ok: true, postgres: 'up'} : {ok: false, postgres: 'down'}, up ? 200 : 503);
  });
}

export function mountSystemStatusRoutes(app: Hono<ApiEnv>, sql: Sql, {stackStatus}: MonitoringOptions = {}) {
  const apiStartedAt = Date.now() - Math.round(process.uptime() * 1000);
  const healthy = postgresHealth(sql);

  app.get('/api/admin/system-status', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (session.ctx.role !== 'admin') return fail(c, 403, 'forbidden', 'Only an administrator sees the system status');
    const now = Date.now();
    const up = await healthy();
    const [facts, lag, clientGroups, sessions, backup] = up
      ? await Promise.all([
          postgresFacts(sql),
          replication(sql),
          activeClientGroups(sql, now),
          activeSessions(sql),
          lastBackup(sql, now),
        ])
      : [undefined, undefined, undefined, undefined, undefined];

    const stack = stackStatus?.();
    const listed = stack?.processes ?? [{label: 'api', pid: process.pid, startedAt: apiStartedAt, restarts: 0}];
    const memory = treeMemory(listed.map(p => p.pid));
    const processes: SystemProcess[] = listed.map(p => {
      const rssBytes = memory.get(p.pid);
      return {...p, running: rssBytes !== undefined, ...(rssBytes !== undefined && {rssBytes})};
    });

    const status: SystemStatus = {
      at: now,
      api: {
        pid: process.pid,
        startedAt: apiStartedAt,
        postgres: up ? 'up' : 'down',
        ...(facts && {postgresVersion: facts.version, databaseBytes: facts.databaseBytes}),
      },
      zero: {
        ...(lag?.lagBytes !== undefined && {replicationLagBytes: lag.lagBytes}),
        ...(lag?.lagSeconds !== undefined && {replicationLagSeconds: lag.lagSeconds}),
        replicating: lag?.replicating ?? false,
        activeClientGroups: clientGroups ?? 0,
      },
      activeSessions: sessions?.find(s => s.kind === 'staff')?.count ?? 0,
      fromOrchestrator: stack !== undefined,
      processes,
      events: [...(stack?.events ?? [])].sort((a, b) => b.at - a.at).slice(0, EVENTS_SHOWN),
      // Unknown while Postgres is down: no warning is better than a false "no backup".
      backup: backup ?? {},
    };
    return c.json(status);
  });
}
