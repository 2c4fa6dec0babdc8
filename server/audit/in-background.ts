import type {Sql} from '../db/sql.ts';
import {logAccess, type AccessEntry} from './access-log.ts';

/** Writes still running (or waiting to retry); tests await them through accessLogWritten(). */
const writing = new Set<Promise<void>>();

/** Waits after a failed step: 1 s, 5 s, 25 s; then it is given up and reported in the server log. */
const RETRY_DELAYS_MS = [1_000, 5_000, 25_000];

async function retried<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const wait = RETRY_DELAYS_MS[attempt];
      if (wait === undefined) throw error;
      await new Promise(resolve => setTimeout(resolve, wait));
    }
  }
}

/**
 * Writes an access-log row without making the caller wait, for answers that must not slow down on the
 * log (the Zero query endpoint). `describe` works the row out first (e.g. checks the card's visibility;
 * undefined: nothing to write). Both steps are retried on failure; a row that still cannot be written
 * is printed whole to the server log, so it is never silently lost.
 */
export function logAccessInBackground(sql: Sql, describe: () => Promise<AccessEntry | undefined>) {
  let entry: AccessEntry | undefined;
  const work = (async () => {
    entry = await retried(describe);
    if (entry) await retried(() => logAccess(sql, entry!));
  })().catch((error: Error) => {
    console.error(`access log: could not write ${entry ? JSON.stringify(entry) : 'an entry'}: ${error.message}`);
  });
  writing.add(work);
  void work.finally(() => writing.delete(work));
}

/** Resolves once every background access-log write begun so far has ended. */
export async function accessLogWritten() {
  while (writing.size > 0) await Promise.allSettled([...writing]);
}
