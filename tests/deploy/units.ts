import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../server/config.ts';
import {adopt, pipeOutput, signalGroup, stopChild} from '../../server/stack/supervisor.ts';

/**
 * Runs deploy/systemd's units the way systemd would, where there is no systemd (CI's machine): the
 * unit's ExecStart in its WorkingDirectory, with Environment= and then the EnvironmentFile (which
 * overrides it, as in systemd), `%i` the instance; stopped with its KillSignal. Only what the smoke
 * changes is replaced: the release folder and the environment file.
 */
export type Unit = {
  name: string;
  execStart: string[];
  environment: Record<string, string>;
  killSignal: NodeJS.Signals;
  oneshot: boolean;
};

/** Reads deploy/systemd/<template or name>, with `%i` replaced by `instance`. */
export function readUnit(file: string, instance = ''): Unit {
  const text = readFileSync(path.join(ROOT, 'deploy/systemd', file), 'utf8').replaceAll('%i', instance);
  const values = (key: string) =>
    text
      .split('\n')
      .filter(line => line.startsWith(`${key}=`))
      .map(line => line.slice(key.length + 1).trim());
  const environment: Record<string, string> = {};
  for (const line of values('Environment')) {
    for (const pair of line.split(/\s+/)) {
      const at = pair.indexOf('=');
      environment[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  const execStart = values('ExecStart')[0]?.split(/\s+/);
  if (!execStart) throw new Error(`${file} has no ExecStart`);
  return {
    name: instance ? file.replace('@', `@${instance}`) : file,
    execStart,
    environment,
    killSignal: (values('KillSignal')[0] ?? 'SIGTERM') as NodeJS.Signals,
    oneshot: values('Type')[0] === 'oneshot',
  };
}

/** KEY=value lines of an environment file (comments and blanks skipped), as systemd reads them. */
export function readEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

export type RunningUnit = {unit: Unit; child: ChildProcess; exited: Promise<number | null>; stop(): Promise<void>};

/**
 * Starts a unit from `release` (its WorkingDirectory) with `envFile`'s variables. `/usr/bin/npm` is
 * whichever npm this machine has (CI: Debian's, on Node 20; npm runs the project's Node 22 itself).
 */
export function startUnit(
  unit: Unit,
  release: string,
  envFile: Record<string, string>,
  log: (line: string) => void,
): RunningUnit {
  const [command, ...args] = unit.execStart;
  const npm = command === '/usr/bin/npm' ? 'npm' : command!;
  const child = spawn(npm, args, {
    cwd: release,
    env: {PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', ...unit.environment, ...envFile},
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  adopt(child);
  pipeOutput('start', child, line => (log(`[${unit.name}] ${line}`), false));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  return {
    unit,
    child,
    exited,
    // systemd's KillMode=mixed: the signal to the main process, the rest of its group after the grace period.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise<void>(resolve => child.once('exit', () => resolve()));
      child.kill(unit.killSignal);
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
      await done;
      clearTimeout(timer);
      signalGroup(child, 'SIGKILL'); // what systemd's control group kill would leave no trace of
    },
  };
}

/** Runs a oneshot unit to its end; throws on a failure exit. */
export async function runOneshot(unit: Unit, release: string, envFile: Record<string, string>, log: (line: string) => void) {
  const run = startUnit(unit, release, envFile, log);
  const code = await run.exited;
  if (code !== 0) throw new Error(`${unit.name} failed (exit code ${code})`);
}

/** Kills what a stopped unit left (its whole process group); used when the smoke ends. */
export const killUnit = (run: RunningUnit) => stopChild(run.child, 10_000);

/** nginx's own check of a configuration file. */
export function nginxTest(nginx: string, prefix: string, conf: string) {
  const check = spawnSync(nginx, ['-p', prefix, '-c', conf, '-t'], {encoding: 'utf8'});
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
}
