import type {Sql} from '../db/sql.ts';

/** An answer is reused this long, so a flood of health checks costs one query a second. */
export const HEALTH_CACHE_MS = 1000;
/** Postgres that does not answer `SELECT 1` within this is down. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * Whether Postgres answers, for GET /api/health (the orchestrator and a load balancer poll it). Calls
 * within HEALTH_CACHE_MS of a finished check, and calls while one is under way, share its answer.
 */
export function postgresHealth(sql: Sql, {cacheMs = HEALTH_CACHE_MS, timeoutMs = HEALTH_TIMEOUT_MS} = {}) {
  let pending: Promise<boolean> | undefined;
  let answer: {up: boolean; at: number} | undefined;
  return (): Promise<boolean> => {
    if (answer && Date.now() - answer.at < cacheMs) return Promise.resolve(answer.up);
    pending ??= ping(sql, timeoutMs).then(up => {
      answer = {up, at: Date.now()};
      pending = undefined;
      return up;
    });
    return pending;
  };
}

async function ping(sql: Sql, timeoutMs: number): Promise<boolean> {
  const query = sql`SELECT 1`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>(resolve => {
    timer = setTimeout(() => {
      query.cancel();
      resolve(false);
    }, timeoutMs);
  });
  try {
    // A query that fails after the timeout has answered is handled here too (never an unhandled rejection).
    return await Promise.race([
      query.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
