import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {sleep} from './timing.ts';

/** Where zero-cache's probe (server/zero/zero-probe.mjs) writes; the bench sets it before the stack starts. */
export const PROBE_DIR_VARIABLE = 'KESHER_ZERO_PROBE_DIR';

export type ProbeRequest = {gc?: boolean; snapshot?: boolean; profile?: 'start' | 'stop'};
export type ProbeAnswer = {pid: number; script: string; at: number; memory: {heapUsed: number}; cpuProfile?: string};

/** The zero-cache processes that run the probe (each wrote `<pid>.ready` when it started). */
export const probedPids = (probeDir: string): Set<number> =>
  new Set(
    readdirSync(probeDir)
      .filter(f => f.endsWith('.ready'))
      .map(f => Number(f.slice(0, -'.ready'.length))),
  );

/**
 * Asks processes that run the probe for a sample (and whatever else the request says) and waits, at
 * most `timeoutMs`, for their answers: by pid, those that answered in time.
 */
export async function askProbe(
  probeDir: string,
  pids: readonly number[],
  request: ProbeRequest,
  timeoutMs: number,
): Promise<Map<number, ProbeAnswer>> {
  const asked = Date.now();
  writeFileSync(path.join(probeDir, 'request.json'), JSON.stringify(request));
  const ready = probedPids(probeDir);
  const probed = pids.filter(pid => ready.has(pid));
  for (const pid of probed) {
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // gone meanwhile
    }
  }
  const answers = new Map<number, ProbeAnswer>();
  const deadline = Date.now() + timeoutMs;
  while (answers.size < probed.length && Date.now() < deadline) {
    for (const pid of probed) {
      const file = path.join(probeDir, `${pid}.json`);
      if (answers.has(pid) || !existsSync(file)) continue;
      const answer = JSON.parse(readFileSync(file, 'utf8')) as ProbeAnswer;
      if (answer.at >= asked) answers.set(pid, answer);
    }
    if (answers.size < probed.length) await sleep(100);
  }
  return answers;
}
