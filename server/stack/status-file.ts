import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/**
 * What the orchestrator (`npm start`) knows about its children, written beside the data after every
 * start, crash and restart, so the API's system-status page can show restarts and each process's memory
 * without a channel of its own to the orchestrator (which may be busy restarting the API itself).
 */
export type StackProcess = {label: string; pid: number; startedAt: number; restarts: number};
export type StackEvent = {
  at: number;
  label: string;
  event: 'crashed' | 'restarted' | 'gave-up';
  /** e.g. "exit code 1", "signal SIGKILL", "restart 2 in 10 min". */
  detail: string;
};
export type StackStatus = {updatedAt: number; startedAt: number; processes: StackProcess[]; events: StackEvent[]};

/** Events kept in the file: enough for "the last restarts". */
export const STATUS_EVENTS_KEPT = 50;

export const stackStatusFile = (dataDir: string) => path.join(dataDir, 'run', 'stack-status.json');

export function writeStackStatus(dataDir: string, status: StackStatus) {
  const file = stackStatusFile(dataDir);
  mkdirSync(path.dirname(file), {recursive: true});
  // Written whole and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify({...status, events: status.events.slice(-STATUS_EVENTS_KEPT)}));
  renameSync(partial, file);
}

/** The orchestrator's last word, or undefined when this stack was not started by `npm start` (e.g. systemd per process). */
export function readStackStatus(dataDir: string): StackStatus | undefined {
  try {
    return JSON.parse(readFileSync(stackStatusFile(dataDir), 'utf8')) as StackStatus;
  } catch {
    return undefined;
  }
}
