import type {Context, Hono} from 'hono';
import {newPasswordSchema} from '../../app/auth/schemas.ts';
import {invitationPath} from '../../app/invitation/paths.ts';
import {can} from '../../permissions/context.ts';
import {mayManageStaff} from '../../permissions/staff.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAuthEvent} from '../auth/audit.ts';
import {acceptInvitation, createInvitation, invitationOf} from './invitations.ts';
import {sendToStaff, type StaffMessaging} from './staff-messages.ts';
import {revokeSessionsOf} from './staff-members.ts';

/**
 * Invitations (issue 30): who manages staff sends one (again), or resets a user's password, which ends
 * their sessions, takes the old password away and sends a new invitation; the holder of a link opens
 * it and chooses a password. An administrator's account only an administrator invites or resets.
 */
export function mountInvitationRoutes(app: Hono<ApiEnv>, options: StaffMessaging) {
  const {sql, limits} = options;

  /** The staff member a manager may invite or reset: exists, and is no administrator unless the manager is one. */
  async function targetOf(id: string, ctx: NonNullable<ApiEnv['Variables']['session']>['ctx']) {
    const [user] = await sql<{id: string; name: string; role: string; blockedFromRole: string | null}[]>`
      SELECT id, name, role, blocked_from_role AS "blockedFromRole" FROM app_user WHERE id = ${id}`;
    if (!user) return undefined;
    const admin = user.role === 'admin' || user.blockedFromRole === 'admin';
    return admin && ctx.role !== 'admin' ? undefined : user;
  }

  async function invite(userID: string, by: string, ip: string) {
    const token = await createInvitation(sql, userID, by);
    const sent = await sendToStaff(options, userID, 'invitation', new URL(invitationPath(token), options.appURL).toString());
    await logAuthEvent(sql, {kind: 'invitation', result: sent.length > 0 ? 'sent' : 'delivery-failed', userID, ip});
    return sent;
  }

  app.post('/api/staff/:id/invitation', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!mayManageStaff(session.ctx)) return fail(c, 403, 'forbidden', 'Not allowed');
    const user = await targetOf(c.req.param('id'), session.ctx);
    if (!user) return fail(c, 404, 'notFound', 'No such staff member');
    return inviteAndAnswer(c, user, session.ctx.userID);
  });

  /** A representative's sign-in account (linked by the server when their phone or email was saved). */
  app.post('/api/representatives/:id/invitation', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'editShadchanim')) return fail(c, 403, 'forbidden', 'Not allowed');
    const [rep] = await sql<{userID: string | null}[]>`
      SELECT user_id AS "userID" FROM representative WHERE id = ${c.req.param('id')} AND retired_at IS NULL`;
    const user = rep?.userID ? await targetOf(rep.userID, session.ctx) : undefined;
    if (!user) return fail(c, 404, 'notFound', 'No such representative account');
    return inviteAndAnswer(c, user, session.ctx.userID);
  });

  /** Sends the invitation, and answers where it went; a blocked account or one without contacts gets none. */
  async function inviteAndAnswer(c: Context<ApiEnv>, user: {id: string; role: string}, byID: string) {
    if (user.role === 'blocked') return fail(c, 409, 'accountBlocked', 'This account is blocked');
    const sent = await invite(user.id, byID, clientIP(c));
    return sent.length > 0 ? c.json({sent}) : fail(c, 409, 'noContact', 'The user has no email or phone to send it to');
  }

  app.post('/api/staff/:id/reset-password', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'editShadchanim')) return fail(c, 403, 'forbidden', 'Not allowed');
    const user = await targetOf(c.req.param('id'), session.ctx);
    if (!user) return fail(c, 404, 'notFound', 'No such staff member');
    if (user.role === 'blocked') return fail(c, 409, 'accountBlocked', 'This account is blocked');
    await sql.begin(async tx => {
      await tx`UPDATE app_user SET password_hash = NULL, joined_at = NULL WHERE id = ${user.id}`;
      await revokeSessionsOf(tx, user.id);
    });
    await logAuthEvent(sql, {kind: 'password-reset', result: 'ok', userID: user.id, ip: clientIP(c)});
    const sent = await invite(user.id, session.ctx.userID, clientIP(c));
    return c.json({sent});
  });

  /** The page's first question: whose link it is (their name only while it may be used), or why not. */
  app.get('/api/users/invitation/:token', async c => {
    if (!(await limits.allowInvitation(clientIP(c)))) return fail(c, 429, 'tooManyRequests', 'Too many requests');
    const {state, user} = await invitationOf(sql, c.req.param('token'));
    return c.json({state, ...(user ? {name: user.name} : {})});
  });

  app.post('/api/users/invitation/:token', async c => {
    if (!(await limits.allowInvitation(clientIP(c)))) return fail(c, 429, 'tooManyRequests', 'Too many requests');
    const body = await readBody(c, newPasswordSchema);
    if (body instanceof Response) return body;
    const outcome = await acceptInvitation(sql, c.req.param('token'), body.password);
    if ('issue' in outcome) {
      return fail(c, 400, 'invalidInput', 'The password is too easy to guess', [{field: 'password', message: outcome.issue}]);
    }
    if (!outcome.ok) return fail(c, 409, 'invitationClosed', outcome.state, [{field: 'token', message: outcome.state}]);
    await logAuthEvent(sql, {kind: 'password-set', result: 'invitation', userID: outcome.user.userID, ip: clientIP(c)});
    return c.json('ok');
  });
}
