import type {Sql} from '../db/sql.ts';
import type {Stack} from '../stack/stack.ts';
import type {BenchZero, CityWatcher, ListView} from './clients.ts';
import type {BenchDatabase} from './database.ts';
import {withTimeout} from './timing.ts';

/** Thrown by a step that would start something after shutdown began. */
export class ShuttingDown extends Error {
  constructor() {
    super('shutting down');
  }
}

/**
 * Everything the bench has running, closed in reverse order of dependency: Zero clients, our
 * connection pools, the stack (zero-cache, API, sidecar), Postgres last.
 */
export class Resources {
  readonly views: ListView[] = [];
  readonly clients = new Set<BenchZero>();
  readonly pools: Sql[] = [];
  watcher: CityWatcher | undefined;
  db: BenchDatabase | undefined;
  /**
   * startStack's promise, set the moment it is called: a stack that is still starting has children
   * that only its own stop() knows, so a shutdown waits for it (its waits are bounded) and stops it.
   */
  stack: Promise<Stack> | undefined;
  stackUp = false;
  /** The data is seeded and synced: worth keeping for a re-run. */
  ready = false;
  closing = false;

  /** Call before starting anything new. */
  assertOpen() {
    if (this.closing) throw new ShuttingDown();
  }

  async close(log: (line: string) => void) {
    this.closing = true;
    this.watcher?.close();
    for (const view of this.views) view.destroy();
    await Promise.all([...this.clients].map(z => withTimeout(z.close(), 5_000, 'a Zero client to close').catch(() => {})));
    await Promise.all(this.pools.map(sql => sql.end({timeout: 2})));
    if (this.stack && !this.stackUp) log('waiting for the stack to finish starting, to stop it cleanly…');
    const stack = await this.stack?.catch(() => undefined); // a failed start has stopped itself
    await stack?.stop();
    await this.db?.stop();
  }
}
