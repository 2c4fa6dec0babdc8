/** Small timing helpers: every wait in the bench is bounded. */

export const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export class TimeoutError extends Error {}

/** Rejects with a message naming `what` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Summary = {n: number; p50: number; p95: number; max: number};

/** Nearest-rank percentiles (p95 of 60 samples is the 57th smallest). */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  return {n: sorted.length, p50: rank(50), p95: rank(95), max: sorted[sorted.length - 1] as number};
}

export const ms = (value: number) =>
  value < 10 ? `${value.toFixed(2)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
