import {serve} from '@hono/node-server';
import {createApi} from './api.ts';
import {
  appOrigins,
  dataDir,
  databaseURL,
  isDevelopment,
  isProduction,
  listenHost,
  metricsPort,
  readPorts,
  zeroPublicURL,
} from './config.ts';
import {connect} from './db/sql.ts';
import {callerPool, deliveryFromEnv} from './auth/delivery/index.ts';
import {limitsFromEnv} from './auth/rate-limit.ts';
import {trustedProxies} from './http/client-ip.ts';
import {googleFromEnv} from './auth/google.ts';
import {forumFromEnv} from './forum/nodebb.ts';
import {resumeImports} from './imports/runner.ts';
import {createMetrics, serveMetrics} from './monitoring/metrics.ts';
import {readStackStatus} from './stack/status-file.ts';
import {exportsDirFromEnv} from './exports/jobs.ts';
import {exportStorageFromEnv, fileStorageFromEnv, StorageConfigError} from './files/storage-env.ts';

/** The API server process: REST calls, Zero's query and mutate endpoints, and (built) client files. */
const ports = readPorts();
const sql = connect(databaseURL());
const production = isProduction();
const development = isDevelopment();
trustedProxies(process.env.TRUST_PROXY); // a malformed list (or the old TRUST_PROXY=true) stops the start
const {delivery, mailer, outbox} = deliveryFromEnv(process.env, development);
// What `npm start` writes of its children; absent when each process runs on its own (systemd).
const monitoring = {stackStatus: () => readStackStatus(dataDir())};
const metrics = createMetrics(sql, monitoring);
// Uploads and exports: the local folders, or the bucket FILE_STORAGE=s3 names; a wrong setting stops here.
const exportsDir = exportsDirFromEnv();
let storage;
try {
  storage = {files: fileStorageFromEnv(), exportStorage: exportStorageFromEnv(exportsDir)};
} catch (error) {
  if (!(error instanceof StorageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(`files in ${storage.files.where}, exports in ${storage.exportStorage.where}`);
const app = createApi({
  sql,
  devSignIn: development,
  benchQueries: development && process.env.KESHER_BENCH_QUERIES === '1',
  production,
  appOrigins: appOrigins(),
  contact: {mailer, officeEmail: process.env.OFFICE_EMAIL ?? 'office@kesher.localhost'},
  links: {
    donation: process.env.DONATION_URL || undefined,
    worldsForm: process.env.WORLDS_FORM_URL || undefined,
    proxyPhoneNumber: process.env.PHONE_PROXY_NUMBER || undefined,
    forum: process.env.FORUM_URL || undefined,
  },
  // Where browsers connect: the proxy's public port when it differs from the sidecar's own (deploy/nginx).
  phoneProxyPort:
    process.env.PHONE_PROXY_ENABLED === 'true' ? Number(process.env.PHONE_PROXY_PUBLIC_PORT || ports.phoneProxy) : undefined,
  phoneProxySecret: process.env.PHONE_PROXY_SECRET || undefined,
  devOutbox: development ? outbox : undefined,
  codes: {delivery, callerPool: callerPool(process.env)},
  limits: limitsFromEnv(process.env),
  google: googleFromEnv(process.env),
  forum: forumFromEnv(process.env),
  serveClient: production || process.env.KESHER_SERVE_CLIENT === '1',
  zeroPort: ports.zero,
  zeroPublicURL: zeroPublicURL(),
  metrics,
  monitoring,
  ...storage,
  exportsDir,
});

const server = serve({fetch: app.fetch, port: ports.api, hostname: listenHost()}, info => {
  console.log(`listening on ${info.address}:${info.port}${development ? ' (development mode)' : ''}`);
  // Excel imports a previous run left half-way go on (each batch was applied whole or not at all).
  void resumeImports(sql).then(ids => ids.length > 0 && console.log(`resuming ${ids.length} import(s): ${ids.join(', ')}`));
});

// Prometheus metrics on loopback only, on a port of their own (docs/operations.md#monitoring).
const metricsAt = metricsPort();
const metricsServer = metricsAt === undefined ? undefined : serveMetrics(metrics, metricsAt);

function shutdown() {
  server.close();
  metricsServer?.close();
  void sql.end({timeout: 2}).then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
