import {InputValidationError, mustGetMutator, mustGetQuery, type ReadonlyJSONValue} from '@rocicorp/zero';
import {handleMutateRequest, handleQueryRequest, type ServerTransaction} from '@rocicorp/zero/server';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Hono} from 'hono';
import {queryNamed} from '../../app/queries.ts';
import {schema, zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {isShutOut} from '../../permissions/site.ts';
import type {Sql} from '../db/sql.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import {clientIP, fail} from '../http/body.ts';
import {serverMutators} from './mutators.ts';
import {queryWatch, type TransformedQuery} from './query-watch.ts';
import {markActive} from '../auth/session.ts';
import {rawQueries} from './raw-queries.ts';
import {claimClientGroup, mountClientGroupAdmission, pushClientGroup} from './client-groups.ts';

/** Mutations an open page sends by itself (presence beats every few seconds): not the user's activity. */
const SENT_BY_ITSELF = /^presence\./;

/**
 * zero-cache calls these with the browser's forwarded cookie. Without a valid session they answer 401,
 * which puts the client in Zero's needs-auth state. ctx is always built here, never taken from the client.
 * A session whose declaration is due never gets here (server/auth/session-gate.ts answers 403). Both
 * endpoints tell the idle clock when the user did something, and the query endpoint records card-detail
 * openings (server/zero/query-watch.ts). `benchQueries` adds the bench's unfiltered floor
 * (server/zero/raw-queries.ts): never outside a bench run.
 */
export function mountZeroEndpoints(
  app: Hono<ApiEnv>,
  sql: Sql,
  {
    benchQueries = false,
    timeMutation = (_name, run) => run(),
  }: {
    benchQueries?: boolean;
    /** Times each mutator for the metrics (server/monitoring/metrics.ts), counting its failures. */
    timeMutation?: (name: string, run: () => Promise<void>) => Promise<void>;
  } = {},
) {
  const dbProvider = zeroPostgresJS(schema, sql);
  const watch = queryWatch(sql);
  mountClientGroupAdmission(app, sql);

  app.post('/api/zero/query', async c => {
    const session = c.get('session');
    if (!session) return c.json({error: 'notLoggedIn'}, 401);
    const {ctx} = session;
    const transformed: TransformedQuery[] = [];
    const response = await handleQueryRequest({
      handler: (name, args) => {
        const query = (benchQueries && name.startsWith('bench.') ? mustGetQuery(rawQueries, name) : queryNamed(name)).fn({
          args,
          ctx,
        });
        transformed.push({name, args});
        return query;
      },
      schema,
      userID: ctx.userID,
      request: c.req.raw,
    });
    await watch(session, transformed, clientIP(c));
    return c.json(response);
  });

  app.post('/api/zero/mutate', async c => {
    const session = c.get('session');
    if (!session) return c.json({error: 'notLoggedIn'}, 401);
    const {ctx} = session;
    // A push for another user's client group (its sockets are refused too: client-group-gate.mjs).
    const clientGroupID = await pushClientGroup(c.req.raw);
    if (clientGroupID !== undefined && !(await claimClientGroup(sql, clientGroupID, ctx.userID))) {
      return fail(c, 409, 'clientGroupTaken', 'This client group belongs to another user');
    }
    const ip = clientIP(c);
    let byTheUser = false;
    const response = await handleMutateRequest({
      dbProvider,
      handler: transact =>
        transact((tx, name, args) => {
          byTheUser ||= !SENT_BY_ITSELF.test(name);
          return timeMutation(name, () => runAuditedMutator(sql, tx, name, args, ctx, ip));
        }),
      userID: ctx.userID,
      request: c.req.raw,
    });
    if (byTheUser) await markActive(sql, session);
    return c.json(response);
  });
}

/**
 * Runs one server mutator; a schema rejection becomes a typed error with per-field issues. While the
 * site is in maintenance only administrators may change anything.
 */
export async function runServerMutator(
  tx: ServerTransaction,
  name: string,
  args: ReadonlyJSONValue | undefined,
  ctx: AuthContext,
) {
  const site = await tx.run(zql.siteSetting.where('id', 'site').one());
  if (site && isShutOut(site.maintenance, ctx)) throw new AppError('maintenance');
  if (holdsNul(args)) throw new AppError('invalidInput');
  try {
    await mustGetMutator(serverMutators, name).fn({tx, args, ctx});
  } catch (error) {
    throw error instanceof InputValidationError ? invalidInput(error) : error;
  }
}

/**
 * Runs one server mutator for a signed-in user; a refusal that carries an audit note (an ID number of a
 * card the user may not see, …) is written to the access log with the API's pool, so it stays recorded
 * although the refusal rolls the mutator's transaction back.
 */
export async function runAuditedMutator(
  sql: Sql,
  tx: ServerTransaction,
  name: string,
  args: ReadonlyJSONValue | undefined,
  ctx: AuthContext,
  ip: string,
) {
  try {
    await runServerMutator(tx, name, args, ctx);
  } catch (error) {
    if (error instanceof AppError && error.audit) {
      await logAccess(sql, {...error.audit, userID: ctx.userID, ip, detail: {...error.audit.detail, mutator: name}});
    }
    throw error;
  }
}

/**
 * Whether a NUL character is anywhere in the arguments (a key or a string, however deep): Postgres text cannot
 * hold one, so such a write is refused whole before a mutator reads it, not failed by the database (found by
 * tests/pg/fuzz.pg.test.ts with a NUL in an id). Walked without recursion: the nesting is the sender's.
 */
function holdsNul(args: ReadonlyJSONValue | undefined): boolean {
  const todo: unknown[] = [args];
  while (todo.length > 0) {
    const value = todo.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        todo.push(inner);
      }
    }
  }
  return false;
}

type StandardIssue = {message: string; path?: ReadonlyArray<PropertyKey | {key: PropertyKey}>};

function invalidInput(error: InputValidationError): AppError {
  const issues = ((error.result as {issues?: StandardIssue[]}).issues ?? []).map(issue => ({
    field: (issue.path ?? []).map(p => String(typeof p === 'object' ? p.key : p)).join('.'),
    message: issue.message,
  }));
  return new AppError('invalidInput', issues);
}
