import {RateLimiterPostgres, RateLimiterRes} from 'rate-limiter-flexible';
import type {Sql} from '../db/sql.ts';

export type Limit = {
  /** Names the limit; keys are stored as "<name>:<key>". */
  name: string;
  /** How many points a key may use per window. */
  points: number;
  /** The window, in seconds (a fixed window that starts with the key's first point). */
  seconds: number;
  /** Once a key has used every point, it stays refused this long (seconds) instead of until the window ends. */
  blockSeconds?: number;
};

export type Limiter = {
  /** Uses points for a key: true when they were still available (the action may go ahead). */
  consume(key: string, points?: number): Promise<boolean>;
  /** Points the key has used in its current window, without using any. */
  used(key: string): Promise<number>;
  /** True while the key has no points left (blocked or used up), without using any. */
  exhausted(key: string): Promise<boolean>;
  /** Forgets a key (e.g. a lockout after a successful sign-in). */
  reset(key: string): Promise<void>;
};

/**
 * A rate limit whose state lives in Postgres (table rate_limit, migrations/0015): shared by every API
 * process and kept across restarts. rate-limiter-flexible's Postgres store talks to a node-postgres
 * style `query({text, values})`; postgres.js answers that through `unsafe`.
 */
/** Pools whose expired rows some limiter already clears (one timer per pool, not one per limit). */
const cleaned = new WeakSet<Sql>();

export function pgLimiter(sql: Sql, limit: Limit): Limiter {
  const clears = !cleaned.has(sql);
  cleaned.add(sql);
  const storeClient = {
    query: async ({text, values}: {text: string; values?: unknown[]}) => {
      const rows = await sql.unsafe(text, (values ?? []) as never[]);
      return {rows: [...rows], rowCount: rows.count};
    },
  };
  const limiter = new RateLimiterPostgres({
    storeClient,
    storeType: 'pool',
    tableName: 'rate_limit',
    tableCreated: true,
    // Every 5 minutes, rows expired an hour ago go (the table is shared by every limit).
    clearExpiredByTimeout: clears,
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.seconds,
    blockDuration: limit.blockSeconds ?? 0,
  });
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return true;
      } catch (error) {
        // Over the limit is an answer; a database failure is an error.
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async exhausted(key) {
      const state = await limiter.get(key);
      return state !== null && state.remainingPoints <= 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
