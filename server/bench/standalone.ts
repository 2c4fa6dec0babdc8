import type {Stack} from '../stack/stack.ts';
import {withTimeout} from './timing.ts';

/** A positive integer option (`--rows 10_000` and `--rows 10,000` too), or the usage when it is not one. */
export function positiveOption(name: string, raw: string | undefined, fallback: number, usage: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer (got ${raw})\n${usage}`);
  return value;
}

/**
 * Runs a bench script of its own stack (bench:import, bench:suggestions) to its end, bounded by a watchdog:
 * whichever way it ends (done, failed, Ctrl-C), its stack stops and `tidy` puts its data dir away (told
 * whether the run succeeded), then the process exits with the run's code.
 */
export async function runStandalone(
  label: string,
  timeoutMs: number,
  main: (stackOf: (starting: Promise<Stack>) => void) => Promise<void>,
  tidy: (succeeded: boolean) => void,
) {
  let stack: Promise<Stack> | undefined;
  let exiting = false;
  async function exit(code: number) {
    if (exiting) return;
    exiting = true;
    await (await stack?.catch(() => undefined))?.stop();
    tidy(code === 0);
    process.exit(code);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void exit(130));
  try {
    await withTimeout(
      main(starting => (stack = starting)),
      timeoutMs,
      `the ${label} bench`,
    );
    await exit(0);
  } catch (error) {
    console.error(`[bench:${label}] failed: ${(error as Error).message}`);
    await exit(1);
  }
}
