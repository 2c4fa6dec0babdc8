import {Zero} from '@rocicorp/zero';
import {mutators} from '../../app/mutators.ts';
import {queries} from '../../app/queries.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {schema} from '../../zero-schema.ts';
import {acceptDeclaration, createSession, readSession} from '../auth/session.ts';
import type {Sql} from '../db/sql.ts';
import {withTimeout} from './timing.ts';

/** A signed-in bench user: the session token Zero forwards as `Authorization: Bearer …`, and its ctx. */
export type BenchUser = {userID: string; token: string; ctx: AuthContext};

/** Signs a seeded user in the way the login route does, and takes the context the server builds from it. */
export async function signIn(sql: Sql, userID: string): Promise<BenchUser> {
  const {token} = await createSession(sql, userID, 'kesher-bench');
  // A kept bench database may be older than a month: tick the declaration as the login page would.
  if ((await readSession(sql, token))?.declarationDue) await acceptDeclaration(sql, userID);
  const session = await readSession(sql, token);
  if (!session) throw new Error(`seeded user ${userID} is missing or cannot sign in`);
  if (!can(session.ctx, 'showTickets') || !can(session.ctx, 'editTickets')) {
    throw new Error(`user ${userID} cannot both see and edit candidates`);
  }
  return {userID, token, ctx: session.ctx};
}

/** A Node Zero client like the browser's (app/zero.ts), with in-memory storage under its own key. */
export function openClient(cacheURL: string, user: BenchUser, storageKey: string) {
  return new Zero({
    cacheURL,
    schema,
    userID: user.userID,
    auth: user.token,
    context: user.ctx,
    mutators,
    kvStore: 'mem',
    storageKey,
    logLevel: 'error',
  });
}

export type BenchZero = ReturnType<typeof openClient>;

/** The fields of a candidate-list row the bench looks at. */
export type ListRow = {readonly id: string; readonly city: string; readonly revision: number};

/** The candidate list exactly as the list page asks for it (first window, no search). */
export function materializeList(zero: BenchZero, limit: number) {
  return zero.materialize(queries.candidates.list({filters: {}, limit}));
}

export type ListView = ReturnType<typeof materializeList>;

/** Resolves with the rows once the view's result is complete (the server's answer has arrived). */
export function untilComplete(view: ListView, timeoutMs: number, what: string): Promise<readonly ListRow[]> {
  let unsubscribe = () => {};
  const complete = new Promise<readonly ListRow[]>((resolve, reject) => {
    unsubscribe = view.addListener((rows, resultType) => {
      if (resultType === 'complete') resolve(rows);
      if (resultType === 'error') reject(new Error(`${what}: the query failed on the server`));
    });
  });
  return withTimeout(complete, timeoutMs, what).finally(() => unsubscribe());
}

/**
 * Waits for a profile's city to reach given values in a live view. Register the expectation before
 * causing the change; it resolves with performance.now() of the first listener call that shows it.
 */
export class CityWatcher {
  readonly #waiting = new Map<string, (at: number) => void>();
  readonly #unsubscribe: () => void;

  constructor(
    view: ListView,
    readonly profileID: string,
  ) {
    this.#unsubscribe = view.addListener(rows => {
      const now = performance.now();
      const city = rows.find(r => r.id === profileID)?.city;
      const resolve = city === undefined ? undefined : this.#waiting.get(city);
      if (city !== undefined && resolve) {
        this.#waiting.delete(city);
        resolve(now);
      }
    });
  }

  expect(city: string, timeoutMs: number): Promise<number> {
    const seen = new Promise<number>(resolve => this.#waiting.set(city, resolve));
    return withTimeout(seen, timeoutMs, `the new city to reach client B`).finally(() => this.#waiting.delete(city));
  }

  close() {
    this.#unsubscribe();
  }
}
