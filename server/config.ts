import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The repository root (this file lives in server/). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Ports = {
  postgres: number;
  api: number;
  web: number;
  zero: number;
  phoneProxy: number;
};

/** Every port has a default and an environment variable, so dev, e2e tests and the bench can run side by side. */
export const PORT_VARIABLES: Record<keyof Ports, {env: string; fallback: number}> = {
  postgres: {env: 'PG_PORT', fallback: 6432},
  api: {env: 'API_PORT', fallback: 3100},
  web: {env: 'WEB_PORT', fallback: 5173},
  zero: {env: 'ZERO_PORT', fallback: 4848},
  phoneProxy: {env: 'PHONE_PROXY_PORT', fallback: 6200},
};

/** Ports from the environment; unset ones are the defaults moved by `offset` (tests and bench use their own). */
export function readPorts(env: NodeJS.ProcessEnv = process.env, offset = 0): Ports {
  const entries = Object.entries(PORT_VARIABLES).map(([name, {env: variable, fallback}]) => {
    const raw = env[variable];
    const port = raw === undefined || raw === '' ? fallback + offset : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable}=${raw} is not a valid port number`);
    }
    return [name, port];
  });
  return Object.fromEntries(entries) as Ports;
}

/** The metrics listener is the API's port + this unless METRICS_PORT says otherwise. */
export const METRICS_PORT_OFFSET = 9;

/**
 * Where the API serves its Prometheus metrics, always on 127.0.0.1 (server/monitoring/metrics.ts):
 * METRICS_PORT, by default the API's port + 9 (so every stack's ports move together); `off` serves none.
 */
export function metricsPort(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.METRICS_PORT;
  if (raw === 'off') return undefined;
  const port = raw === undefined || raw === '' ? readPorts(env).api + METRICS_PORT_OFFSET : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`METRICS_PORT=${raw} is not a valid port number`);
  return port;
}

/** Where browsers sync from: ZERO_PUBLIC_URL, else the reverse proxy's /zero path of PUBLIC_URL (production). */
export function zeroPublicURL(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ZERO_PUBLIC_URL) return env.ZERO_PUBLIC_URL;
  return isProduction(env) && env.PUBLIC_URL ? `${new URL(env.PUBLIC_URL).origin}/zero` : undefined;
}

export const isProduction = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV === 'production';

/** Where the embedded Postgres, the zero-cache replica and uploads live (ignored by git). */
export const dataDir = (env: NodeJS.ProcessEnv = process.env) => path.resolve(ROOT, env.KESHER_DATA_DIR ?? '.data');

/** The database every server process connects to (the orchestrator sets it for its children). */
export function databaseURL(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (npm start sets it for the processes it starts)');
  return url;
}

/**
 * Where the public-facing servers (API, zero-cache's sync port, the phone-proxy sidecar, Vite) listen:
 * loopback unless LISTEN_HOST names another address (a private one, when the reverse proxy runs on
 * another machine). Internal ports (Postgres, zero-cache's change-streamer) are always loopback.
 */
export const listenHost = (env: NodeJS.ProcessEnv = process.env) => env.LISTEN_HOST || '127.0.0.1';

/** How our own processes reach a server that listens on listenHost() (a URL's host part). */
export function reachableHost(env: NodeJS.ProcessEnv = process.env) {
  const host = listenHost(env);
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Development features (sign in as anyone, the sign-in codes outbox) exist only in this explicit mode,
 * which `npm start` sets for its children when it does not run in production. A process started any
 * other way has none, and production can never enter it.
 */
export function isDevelopment(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.KESHER_MODE !== 'development') return false;
  if (isProduction(env)) throw new Error('KESHER_MODE=development cannot be combined with NODE_ENV=production');
  return true;
}

/**
 * The origins (scheme://host[:port]) browsers use the app from. State-changing requests, Zero's
 * endpoints and the phone-proxy socket refuse any other Origin. The orchestrator sets APP_ORIGINS for
 * its children: the loopback addresses it serves in development, PUBLIC_URL's origin in production. A
 * process started on its own (the deploy units) takes PUBLIC_URL's origin when APP_ORIGINS is unset.
 */
export function appOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.APP_ORIGINS || env.PUBLIC_URL || '')
    .split(',')
    .map(o => o.trim())
    .filter(Boolean)
    .map(o => new URL(o).origin);
}
