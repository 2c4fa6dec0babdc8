import {Zero} from '@rocicorp/zero';
import {mutators} from '../../app/mutators.ts';
import {reconnectAfterErrors} from '../../app/lib/zero-reconnect.ts';
import {contextOf} from '../../app/session.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {schema} from '../../zero-schema.ts';
import {acceptDeclaration, createSession, readSession} from '../auth/session.ts';
import type {Sql} from '../db/sql.ts';
import {withTimeout} from './timing.ts';

/**
 * A signed-in bench user: the session token Zero forwards as `Authorization: Bearer …`, the context the
 * server builds from it, and the browser's copy its tabs run queries with (app/session.ts).
 */
export type BenchUser = {userID: string; token: string; ctx: AuthContext; browserCtx: AuthContext};

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
  return {userID, token, ctx: session.ctx, browserCtx: contextOf(session.user)};
}

/**
 * The seed opens no card to chosen parties; with --chosen-viewer the user is chosen for one (a row a kept
 * data dir's next run removes), so their session brings the read rule's chosen-cards branch in.
 */
export async function chooseViewer(sql: Sql, userID: string, chosen: boolean) {
  await sql`DELETE FROM profile_viewer WHERE user_id = ${userID}`;
  if (!chosen) return;
  await sql`INSERT INTO profile_viewer (profile_id, user_id)
            SELECT id, ${userID} FROM profile WHERE database = 'general' AND deleted_at IS NULL ORDER BY id LIMIT 1`;
}

/** A Node Zero client like the browser's (app/zero.ts), with in-memory storage under its own key. */
export function openClient(cacheURL: string, user: BenchUser, storageKey: string) {
  const zero = new Zero({
    cacheURL,
    schema,
    userID: user.userID,
    auth: user.token,
    context: user.browserCtx,
    mutators,
    kvStore: 'mem',
    storageKey,
    logLevel: 'error',
  });
  reconnectAfterErrors(zero); // as the browser's does (app/zero.ts)
  return zero;
}

export type BenchZero = ReturnType<typeof openClient>;

/** A client's ID, client group and connection state: what to look up in zero-cache's log when its queries never answer. */
export async function connectionNote(zero: BenchZero): Promise<string> {
  const state = zero.connection.state.current;
  const reason = 'reason' in state && state.reason ? `: ${JSON.stringify(state.reason)}` : '';
  return `client ${zero.clientID} of group ${await zero.clientGroupID}, ${state.name}${reason}`;
}

/** What every measurement shares: where its clients connect, how many samples and how far apart, the run's tag, and the open clients (a shutdown closes them). */
export type RunContext = {
  /** The sync endpoint of the i-th client (view-syncers: round robin). */
  syncURL: (i: number) => string;
  samples: number;
  gapMs: number;
  tag: string;
  open: Set<BenchZero>;
};

/** A live view of any named query (a list of rows, or one row or none). */
export type View = {
  readonly data: unknown;
  addListener(listener: (data: unknown, resultType: 'unknown' | 'complete' | 'error') => void): () => void;
  destroy(): void;
};

/** Materializes a named query (Kesher's or the bench's raw one) on a client. */
export const materialize = (zero: BenchZero, query: unknown): View => zero.materialize(query as never) as unknown as View;

/** The fields of a profile row the bench looks at. */
export type ProfileRow = {readonly id: string; readonly city: string; readonly revision: number};

/** The rows of a view's data: a list's rows, or a one-row query's row. */
export const rowsOf = (data: unknown): readonly ProfileRow[] =>
  Array.isArray(data) ? (data as ProfileRow[]) : data ? [data as ProfileRow] : [];

/** Resolves with the view's data once its result is complete (the server's answer has arrived). */
export function untilComplete(view: View, timeoutMs: number, what: string): Promise<unknown> {
  let unsubscribe = () => {};
  const complete = new Promise<unknown>((resolve, reject) => {
    unsubscribe = view.addListener((data, resultType) => {
      if (resultType === 'complete') resolve(data);
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
    view: View,
    readonly profileID: string,
  ) {
    this.#unsubscribe = view.addListener(data => {
      const now = performance.now();
      const city = rowsOf(data).find(r => r.id === profileID)?.city;
      const resolve = city === undefined ? undefined : this.#waiting.get(city);
      if (city !== undefined && resolve) {
        this.#waiting.delete(city);
        resolve(now);
      }
    });
  }

  expect(city: string, timeoutMs: number): Promise<number> {
    const seen = new Promise<number>(resolve => this.#waiting.set(city, resolve));
    return withTimeout(seen, timeoutMs, `the new city to reach a watching tab`).finally(() => this.#waiting.delete(city));
  }

  close() {
    this.#unsubscribe();
  }
}
