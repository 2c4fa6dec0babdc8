import {randomBytes} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';

/**
 * Every child the stack starts carries a tag of its own in its environment, which its descendants
 * inherit. zero-cache forks its workers into process groups of their own, so when its main process is
 * killed (kill -9) they are re-parented to init and nothing links them to it but this tag; left alive,
 * they would hold its ports and its replication slot and the restarted zero-cache could not start.
 */
const TAG = 'KESHER_PROCESS_TAG';

export function taggedEnv(env: NodeJS.ProcessEnv): {env: NodeJS.ProcessEnv; tag: string} {
  const tag = randomBytes(8).toString('hex');
  return {env: {...env, [TAG]: tag}, tag};
}

/** Kills (SIGKILL) every process still carrying this tag: what a crashed child left behind. */
export const killTagged = (tag: string) => killByEnvironment(`${TAG}=${tag}`);

/** Kills (SIGKILL) every process whose environment holds `marker` (NAME=value); returns how many. */
export function killByEnvironment(marker: string): number {
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) continue;
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return killed;
}
