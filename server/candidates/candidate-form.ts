import type {ReadonlyJSONValue} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Hono} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {nanoid} from 'nanoid';
import {candidateCardSchema, INITIAL_STATUS_ID, type CardCreate} from '../../app/candidates/card/mutators.ts';
import {schema} from '../../zero-schema.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import {effectivePermissions, isRole} from '../../permissions/roles.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {logAccess} from '../audit/access-log.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {runServerMutator} from '../zero/endpoints.ts';

/** A whole card with every detail filled in stays well below this; the other REST bodies are smaller. */
export const CANDIDATE_FORM_MAX_BYTES = 64 * 1024;

/** The public page the shared link leads to (outside the shell, no Zero connection). */
export const candidateFormPage = (userID: string) => `/add-people/${encodeURIComponent(userID)}`;

/**
 * Who a public form files its card as: the shadchan's context, the name the candidate is told it goes
 * to, and (a community's registration link) the community the card is preset to and always gets.
 */
type FormLink = {ctx: AuthContext; name: string; communityID: string | null; link: string};

/**
 * The shadchan behind a personal link, as the server context their own session would give: only an
 * approved, unblocked user who may edit profiles hands out a working link.
 */
async function linkOwner(sql: Sql, userID: string): Promise<FormLink | undefined> {
  const [row] = await sql<{id: string; name: string; role: string; permissions: unknown; withheld_permissions: unknown}[]>`
    SELECT id, name, role, permissions, withheld_permissions FROM app_user WHERE id = ${userID} AND approved_at IS NOT NULL`;
  if (!row || !isRole(row.role) || row.role === 'blocked') return undefined;
  const ctx: AuthContext = {
    userID: row.id,
    role: row.role,
    permissions: effectivePermissions(row.role, row.permissions, row.withheld_permissions),
  };
  return can(ctx, 'editTickets') ? {ctx, name: row.name, communityID: null, link: row.id} : undefined;
}

/**
 * A community's registration link (issue 13, app/registration-links): valid while neither revoked nor
 * expired and its community is in use. The card is filed as the link's maker (who must still be able
 * to edit profiles), in the link's community; the candidate is told it goes to the community.
 */
async function registrationLink(sql: Sql, token: string): Promise<FormLink | undefined> {
  const [row] = await sql<{created_by: string; community_id: string; community: string}[]>`
    SELECT l.created_by, l.community_id, c.name AS community
    FROM registration_link l JOIN community c ON c.id = l.community_id
    WHERE l.token = ${token} AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > now())
      AND c.retired_at IS NULL`;
  if (!row) return undefined;
  const maker = await linkOwner(sql, row.created_by);
  return maker && {ctx: maker.ctx, name: row.community, communityID: row.community_id, link: `registration:${token.slice(0, 6)}`};
}

const STATUS_OF: Partial<Record<AppError['code'], 400 | 404 | 409 | 503>> = {
  invalidInput: 400,
  unknownOption: 400,
  maintenance: 503,
  // The owner lost the permission between the check and the write: the link no longer works.
  forbidden: 404,
  notLoggedIn: 404,
};

/**
 * Spec §4 "a profile sent by the candidate", §7 GET /api/peoples/add-people-by-user/{userID}: the
 * personal link a shadchan shares leads a candidate to a public form. What they send becomes a card
 * through the very server mutator staff use (schema, options, ID-number checks, sign-in phones), acting
 * as the link's shadchan, and is then marked pending and candidate-sent: it waits for an approver, and
 * stays locked for the candidate until they verify one of its numbers (self-user login).
 */
export function mountCandidateFormRoutes(app: Hono<ApiEnv>, sql: Sql, allowSubmission: (ip: string) => Promise<boolean>) {
  const base = '/api/peoples/add-people-by-user/:userID';
  // The link itself: the page asks the server whether it is valid, so any id redirects.
  app.get(base, c => c.redirect(candidateFormPage(c.req.param('userID')), 302));
  mountPublicForm(app, sql, allowSubmission, base, param => linkOwner(sql, param));
  // A community's registration link: the same form, the community preset (page /register/{token}).
  mountPublicForm(app, sql, allowSubmission, '/api/register/:token', token => registrationLink(sql, token));
}

/** The public form's two routes under `base`, for the link `resolve` finds from the path's last parameter. */
function mountPublicForm(
  app: Hono<ApiEnv>,
  sql: Sql,
  allowSubmission: (ip: string) => Promise<boolean>,
  base: string,
  resolve: (param: string) => Promise<FormLink | undefined>,
) {
  const db = zeroPostgresJS(schema, sql);
  const paramName = base.slice(base.lastIndexOf(':') + 1);
  const linkOf = (c: {req: {param: (name: string) => string | undefined}}) => resolve(c.req.param(paramName) ?? '');

  /** What the public form needs: the shadchan's name and the option lists' labels. */
  app.get(`${base}/form`, async c => {
    const owner = await linkOf(c);
    if (!owner) return fail(c, 404, 'invalidLink', 'This link is not valid');
    // Retired options are offered to no one (migrations/0025).
    const [sectors, communities, institutions] = await Promise.all([
      sql<
        {id: string; labels: Record<string, string>}[]
      >`SELECT id, labels FROM sector WHERE retired_at IS NULL ORDER BY sort, id`,
      sql<{id: string; name: string}[]>`SELECT id, name FROM community WHERE retired_at IS NULL ORDER BY sort, name, id`,
      sql<{id: string; name: string; type: string; variations: string[]}[]>`
        SELECT id, name, type, variations FROM institution WHERE retired_at IS NULL ORDER BY name, id`,
    ]);
    return c.json({shadchanName: owner.name, communityID: owner.communityID, sectors, communities, institutions});
  });

  const limit = bodyLimit({
    maxSize: CANDIDATE_FORM_MAX_BYTES,
    onError: c => fail(c, 413, 'bodyTooLarge', 'The request body is too large'),
  });
  app.post(base, limit, async c => {
    if (!(await allowSubmission(clientIP(c)))) return fail(c, 429, 'tooManyRequests', 'Too many forms sent; try again later');
    const body = await readBody(c, candidateCardSchema);
    if (body instanceof Response) return body;
    const owner = await linkOf(c);
    if (!owner) return fail(c, 404, 'invalidLink', 'This link is not valid');

    const card: CardCreate = {
      ...body,
      ...(owner.communityID ? {communityID: owner.communityID} : {}),
      id: nanoid(),
      statusID: INITIAL_STATUS_ID,
      colour: null,
      openFrom: null,
      database: 'general',
      temporary: false,
    };
    const accepted = () => c.json({ok: true, shadchanName: owner.name});
    // The public never learns whether an ID number is registered (nor that card's birth date or
    // gender): the answer is the one a new card gets, nothing is written, and the office is told.
    const alreadyRegistered = async (profileID: string | null, reason: string) => {
      const detail = {reason, link: owner.link};
      await logAccess(sql, {userID: null, profileID, what: 'candidate-form', result: 'refused', ip: clientIP(c), detail});
      return accepted();
    };
    try {
      await db.transaction(async tx => {
        await runServerMutator(tx, 'cards.create', card as unknown as ReadonlyJSONValue, owner.ctx);
        // Whatever the shadchan may do alone, a card from the public waits for an approver.
        await tx.dbTransaction.query(`UPDATE profile SET state = 'pending', source = 'candidate' WHERE id = $1`, [card.id]);
      });
    } catch (error) {
      // The same ID number sent twice at once: the second insert meets the first's unique index.
      if ((error as {constraint_name?: string}).constraint_name === 'profile_detail_by_id_number') {
        return alreadyRegistered(null, 'concurrent');
      }
      if (!(error instanceof AppError)) throw error;
      if (error.audit?.what === 'id-number') return alreadyRegistered(error.audit.profileID, String(error.audit.detail?.reason));
      const issues = (error.details as {issues?: FieldIssue[]} | undefined)?.issues;
      return fail(
        c,
        STATUS_OF[error.code] ?? 400,
        STATUS_OF[error.code] === 404 ? 'invalidLink' : error.code,
        error.message,
        issues,
      );
    }
    return accepted();
  });
}
