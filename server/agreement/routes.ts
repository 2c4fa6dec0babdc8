import type {Hono} from 'hono';
import {signAgreementSchema, signatureMatches, type AgreementState} from '../../app/agreement/schema.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';

/** The stored signature of a user, or null (dates as the form shows them). */
async function readSignature(sql: Sql, userID: string): Promise<AgreementState['signed']> {
  const [row] = await sql<{full_name: string; signed_on: string; signed_at: Date; ip: string | null}[]>`
    SELECT full_name, to_char(signed_on, 'YYYY-MM-DD') AS signed_on, signed_at, ip
    FROM user_agreement WHERE user_id = ${userID}`;
  return row ? {fullName: row.full_name, signedOn: row.signed_on, signedAt: row.signed_at.toISOString(), ip: row.ip} : null;
}

/**
 * The commitment form a new shadchan signs (spec §2 user-agreement/{id}). Each user reads and signs
 * only their own: another id answers 404, the same as one that does not exist. Until it is signed the
 * session gate lets these two routes through and refuses everything else (403 agreementDue).
 */
export function mountAgreementRoutes(app: Hono<ApiEnv>, sql: Sql) {
  app.get('/api/users/agreement/:id', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (c.req.param('id') !== session.ctx.userID) return fail(c, 404, 'notFound', 'No such form');
    const [day] = await sql<{today: string}[]>`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`;
    const state: AgreementState = {
      name: session.user.Name,
      today: day!.today,
      signed: await readSignature(sql, session.ctx.userID),
    };
    return c.json(state);
  });

  /** Signs: the box ticked and the account's own name typed; stored with the day, the time and the caller's address. */
  app.post('/api/users/agreement/:id', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (c.req.param('id') !== session.ctx.userID) return fail(c, 404, 'notFound', 'No such form');
    const body = await readBody(c, signAgreementSchema);
    if (body instanceof Response) return body;
    if (!signatureMatches(body.fullName, session.user.Name)) {
      return fail(c, 400, 'invalidInput', 'The typed name is not the account name', [
        {field: 'fullName', message: 'nameMismatch'},
      ]);
    }
    const signed = await sql.begin(async tx => {
      const inserted = await tx`
        INSERT INTO user_agreement (user_id, full_name, signed_on, ip, locale)
        VALUES (${session.ctx.userID}, ${body.fullName}, current_date, ${clientIP(c)}, ${body.locale})
        ON CONFLICT (user_id) DO NOTHING RETURNING 1`;
      if (inserted.length === 0) return false;
      await tx`UPDATE app_user SET agreement_due = false, updated_at = now() WHERE id = ${session.ctx.userID}`;
      return true;
    });
    if (!signed) return fail(c, 409, 'alreadySigned', 'The form is already signed');
    return c.json({signed: await readSignature(sql, session.ctx.userID)});
  });
}
