/**
 * Errors that mean "Postgres cannot be reached right now" (it restarts, or recovers after a crash),
 * from postgres.js or the server: the request is answered 503, and the log says so once every few
 * seconds rather than printing a stack for every request while it lasts.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
]);

export const isDatabaseUnreachable = (error: unknown) =>
  typeof error === 'object' && error !== null && UNREACHABLE.has(String((error as {code?: unknown}).code));

const QUIET_MS = 5_000;
let lastLogged = 0;
let unlogged = 0;

/** One line per QUIET_MS while the database is away, with how many requests failed meanwhile. */
export function logDatabaseUnreachable(error: unknown, now = Date.now()) {
  unlogged += 1;
  if (now - lastLogged < QUIET_MS) return;
  const {code, message} = error as {code?: string; message?: string};
  console.error(`the database cannot be reached (${code}: ${message}); ${unlogged} request(s) answered 503`);
  lastLogged = now;
  unlogged = 0;
}
