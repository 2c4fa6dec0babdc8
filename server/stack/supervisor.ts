import {spawn, type ChildProcess, type SpawnOptions} from 'node:child_process';
import {createInterface} from 'node:readline';
import {taggedEnv} from './process-tag.ts';

const COLORS = {pg: 34, api: 32, zero: 35, phone: 33, web: 36, start: 37} as const;
export type Label = keyof typeof COLORS;

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** Prints a line with a fixed-width, coloured `[label]` prefix, so interleaved logs stay readable. */
export function logLine(label: Label, line: string, stream: NodeJS.WriteStream = process.stdout) {
  const tag = `[${label}]`.padEnd(8);
  stream.write(`${useColor ? `\x1b[${COLORS[label]}m${tag}\x1b[0m` : tag}${line}\n`);
}

export function pipeOutput(label: Label, child: ChildProcess, filter: (line: string) => boolean = () => true) {
  for (const [source, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!source) continue;
    createInterface({input: source}).on('line', line => {
      if (line.trim() && filter(line)) logLine(label, line, target);
    });
  }
}

/** A started child; `tag` marks it and every process it forks (process-tag.ts). */
export type Managed = {label: Label; child: ChildProcess; tag: string; stop(): Promise<void>};

/**
 * Children run in their own process groups, so nothing else stops them if this process dies. A logger
 * whose reader went away (`npm start | tee` and Ctrl-C kills tee first) must not kill the orchestrator
 * mid-shutdown, and if it dies anyway, its children go with it.
 */
const children = new Set<ChildProcess>();
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGTERM');
});

/** Registers a child (and its process group) to be terminated if the orchestrator exits first. */
export function adopt(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/**
 * Starts a child in its own process group (so a terminal Ctrl-C reaches only the orchestrator, which
 * then stops children in order) and stops it with SIGINT, escalating to SIGKILL after a grace period.
 */
export function startChild(
  label: Label,
  command: string,
  args: string[],
  options: SpawnOptions & {filter?: (line: string) => boolean; graceMs?: number} = {},
): Managed {
  const {env, tag} = taggedEnv(options.env ?? process.env);
  const child = spawn(command, args, {...options, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
  adopt(child);
  pipeOutput(label, child, options.filter);
  return {label, child, tag, stop: () => stopChild(child, options.graceMs ?? 10_000)};
}

export function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise(resolve => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child, 'SIGINT');
  });
}

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Polls until `check` resolves true; fails after `timeoutMs`, when the child dies, or on abort. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  child: ChildProcess,
  signal?: AbortSignal,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} while starting`);
    if (await check().catch(() => false)) return;
    await new Promise(r => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
}

export const httpOK = (url: string) => async () => (await fetch(url)).ok;

/** The server answers at all (a 503 while its database restarts still means the process serves). */
export const httpAnswers = (url: string) => async () => Boolean(await fetch(url));

/** Waits until a just-started child serves; when it does not, stops it (so nothing is left behind) and rethrows. */
export async function whenReady(m: Managed, ready: () => Promise<void>): Promise<Managed> {
  try {
    await ready();
    return m;
  } catch (error) {
    await m.stop();
    throw error;
  }
}
