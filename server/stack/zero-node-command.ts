/**
 * `npm run zero -- replication-manager|view-syncer [--port <port>]` (deploy/systemd): one zero-cache of
 * Zero's multi-node topology as a service of its own, with the same environment, preloads and seeding as
 * the bench's multi-node stack (zero-cache.ts, replica-snapshot.ts). systemd restarts it; it exits with
 * zero-cache.
 *
 * - replication-manager: owns the replication slot and the replica, streams changes to view-syncers on
 *   port + 1 and serves snapshots of its replica on port + 3, both on REPLICATION_LISTEN_HOST (loopback
 *   unless view-syncers run on other machines).
 * - view-syncer: at every start fetches a fresh snapshot from REPLICATION_MANAGER (the manager's
 *   http://host:port), then serves browsers on its port and follows the manager's change-streamer.
 */
import {mkdirSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {stop, readOptions} from '../cli.ts';
import {dataDir, databaseURL, reachableHost} from '../config.ts';
import {fetchReplicaSnapshot, serveReplicaSnapshots, SNAPSHOT_PATH} from './replica-snapshot.ts';
import {httpOK, logLine} from './supervisor.ts';
import {changeStreamerPort, managerEnv, snapshotPort, startZeroCache, viewSyncerEnv, zeroCacheEnv} from './zero-cache.ts';
import {zeroCacheBundle} from './zero-bundle.ts';

const ROLES = ['replication-manager', 'view-syncer'] as const;
const USAGE = `usage: npm run zero -- ${ROLES.join('|')} [--port <port>] (a replication manager's default: REPLICATION_MANAGER's port)`;

const role = process.argv[2] as (typeof ROLES)[number];
if (!ROLES.includes(role)) stop(USAGE);
process.argv.splice(2, 1);
const portOption = readOptions(USAGE, ['port']).port;
const managerURL = () => new URL(process.env.REPLICATION_MANAGER || stop(`${role} needs REPLICATION_MANAGER in the environment`));
const port = Number(portOption ?? (role === 'replication-manager' ? managerURL().port : NaN));
if (!Number.isInteger(port) || port < 1 || port > 65530) stop(`--port must be a port number\n${USAGE}`);

const env = process.env;
const need = (name: string) => env[name] || stop(`${role} needs ${name} in the environment (deploy/kesher.env.example)`);
const secret = need('REPLICA_SNAPSHOT_SECRET');
const base = {
  reach: reachableHost(),
  env: {
    ...env,
    ...zeroCacheEnv({
      databaseURL: databaseURL(),
      // The API instances behind the proxy's internal address (deploy/nginx/kesher.conf).
      apiURL: need('API_INTERNAL_URL').replace(/\/+$/, ''),
      adminPassword: need('ZERO_ADMIN_PASSWORD'),
      logLevel: env.ZERO_LOG_LEVEL,
    }),
    NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || path.join(dataDir(), 'run', 'compile-cache'),
  },
};
const log = (line: string) => logLine('zero', `${role} :${port}: ${line}`);
const zeroDir = path.join(dataDir(), 'zero');

let roleEnv: NodeJS.ProcessEnv;
let closeSnapshots = async () => {};
if (role === 'replication-manager') {
  const replicaFile = env.ZERO_REPLICA_FILE || path.join(zeroDir, 'replica.db');
  mkdirSync(path.dirname(replicaFile), {recursive: true});
  roleEnv = managerEnv(replicaFile);
  const snapshots = await serveReplicaSnapshots({
    replicaFile,
    host: env.REPLICATION_LISTEN_HOST || '127.0.0.1',
    port: snapshotPort(port),
    secret,
    ready: () => httpOK(`http://${base.reach}:${port}/`)().catch(() => false),
    log,
  });
  closeSnapshots = snapshots.close;
  log(`replica snapshots on ${snapshots.url}`);
} else {
  const manager = managerURL();
  const managerPort = Number(manager.port);
  const replicaFile = env.ZERO_REPLICA_FILE || path.join(zeroDir, `view-syncer-${port}`, 'replica.db');
  await fetchReplicaSnapshot({
    url: `http://${manager.hostname}:${snapshotPort(managerPort)}${SNAPSHOT_PATH}`,
    secret,
    to: replicaFile,
    log,
  });
  roleEnv = viewSyncerEnv({
    replicaFile,
    changeStreamerURI: `http://${manager.hostname}:${changeStreamerPort(managerPort)}`,
    taskID: env.ZERO_TASK_ID || `${hostname()}:${port}`,
  });
}

const zero = startZeroCache(base, await zeroCacheBundle(log), {...roleEnv, ZERO_PORT: String(port)});
log(`started (pid ${zero.child.pid})`);
zero.child.once('exit', (code, signal) => {
  log(`zero-cache exited (${signal ?? `code ${code}`})`);
  void closeSnapshots().then(() => process.exit(stopping ? 0 : (code ?? 1)));
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    void zero.stop();
  });
}
