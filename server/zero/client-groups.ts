import type {Hono} from 'hono';
import * as v from 'valibot';
import type {Sql} from '../db/sql.ts';
import {fail, readBody} from '../http/body.ts';
import type {ApiEnv} from '../http/env.ts';

/**
 * A Zero client group belongs to the user it was first seen with (migrations/0048). zero-cache pins a
 * group to its user only in memory, so once the group's last tab has closed another signed-in user
 * could take it over by naming it and be told the first user's rows as they leave (docs/zero-client-group.md).
 */

/** Groups whose user is known: a group never changes hands, so each is asked of Postgres once a process. */
const known = new Map<string, string>();
const KNOWN_MAX = 10_000;

/** Whether this user may use this group: it is theirs, or nobody's yet and now theirs. */
export async function claimClientGroup(sql: Sql, clientGroupID: string, userID: string): Promise<boolean> {
  let owner = known.get(clientGroupID);
  if (owner === undefined) {
    owner = await ownerAfterClaim(sql, clientGroupID, userID);
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    known.set(clientGroupID, owner);
  }
  return owner === userID;
}

async function ownerAfterClaim(sql: Sql, clientGroupID: string, userID: string): Promise<string> {
  const [row] = await sql<{userID: string}[]>`
    WITH claimed AS (
      INSERT INTO client_group (id, user_id) VALUES (${clientGroupID}, ${userID})
      ON CONFLICT (id) DO NOTHING RETURNING user_id)
    SELECT user_id AS "userID" FROM claimed
    UNION ALL
    SELECT user_id FROM client_group WHERE id = ${clientGroupID}
    LIMIT 1`;
  return row!.userID;
}

/** The client group a push names (zero-cache's POST /api/zero/mutate body), read without consuming it. */
export async function pushClientGroup(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as {clientGroupID?: unknown};
    return typeof body?.clientGroupID === 'string' ? body.clientGroupID : undefined;
  } catch {
    return undefined;
  }
}

const admitSchema = v.object({clientGroupID: v.pipe(v.string(), v.minLength(1), v.maxLength(200))});

/**
 * POST /api/zero/admit, asked by zero-cache's sync port (server/zero/client-group-gate.mjs) before it
 * takes a socket, with the browser's cookie and origin: 204 lets it in, anything else refuses it. 409 is
 * another user's group. Without a session the socket is let in: zero-cache asks /api/zero/query, which
 * answers 401, and the client signs in again as ever.
 */
export function mountClientGroupAdmission(app: Hono<ApiEnv>, sql: Sql) {
  app.post('/api/zero/admit', async c => {
    const body = await readBody(c, admitSchema);
    if (body instanceof Response) return body;
    const session = c.get('session');
    if (!session) return c.body(null, 204);
    if (!(await claimClientGroup(sql, body.clientGroupID, session.ctx.userID))) {
      return fail(c, 409, 'clientGroupTaken', 'This client group belongs to another user');
    }
    return c.body(null, 204);
  });
}
