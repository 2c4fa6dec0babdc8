import type {Sql} from '../db/sql.ts';
import type {Stack} from '../stack/stack.ts';
import type {BenchZero, CityWatcher, View} from './clients.ts';
import {withTimeout} from './timing.ts';

/** Thrown by a step that would start something after shutdown began. */
export class ShuttingDown extends Error {
  constructor() {
    super('shutting down');
  }
}

/**
 * Everything the bench has running, closed in reverse order of dependency: Zero clients, our
 * connection pools, then the stack (which stops Postgres last).
 */
export class Resources {
  readonly views: View[] = [];
  readonly clients = new Set<BenchZero>();
  readonly pools: Sql[] = [];
  readonly watchers: CityWatcher[] = [];
  /** Aborts a stack that is still starting: it then stops what it had started and rejects. */
  readonly interrupted = new AbortController();
  /** startStack's promise, set the moment it is called. */
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
    for (const watcher of this.watchers) watcher.close();
    for (const view of this.views) view.destroy();
    await Promise.all([...this.clients].map(z => withTimeout(z.close(), 5_000, 'a Zero client to close').catch(() => {})));
    await Promise.all(this.pools.map(sql => sql.end({timeout: 2})));
    if (this.stack && !this.stackUp) log('interrupting the stack’s start-up…');
    this.interrupted.abort();
    const stack = await this.stack?.catch(() => undefined); // an interrupted or failed start has stopped itself
    await stack?.stop();
  }
}
