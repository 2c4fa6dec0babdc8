import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Context, Hono} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {editCard} from '../../app/candidates/card/mutators.ts';
import {SELF_EDITABLE_FIELDS} from '../../app/candidates/card/fields.ts';
import {selfUpdateSchema, type SelfTicket} from '../../app/self-user/edit.ts';
import {schema, zql} from '../../zero-schema.ts';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {CANDIDATE_FORM_MAX_BYTES} from '../candidates/candidate-form.ts';
import {fail, readBody} from '../http/body.ts';
import {editableTicket} from './ticket.ts';
import {assertCardConsistent, syncSignInPhones} from '../zero/mutators.ts';

const STATUS_OF: Partial<Record<AppError['code'], 400 | 403 | 409 | 503>> = {
  invalidInput: 400,
  unknownOption: 400,
  forbidden: 403,
  editConflict: 409,
};

/**
 * The candidate edits their own ticket (issue 15; spec §1 "self-users update ticket details", §4). Only
 * with a self-user session, only its own ticket, only while it is open and (a card the candidate sent)
 * verified through one of its numbers, and only the details of SELF_EDITABLE_FIELDS. The edit goes
 * through the staff save's own code (editCard: same schema, merge and conflict rules, server checks,
 * sign-in phones) in one transaction, recorded in the history "by the candidate". It is written to
 * Postgres, so the card's shadchan sees it live through Zero's replication.
 */
export function mountSelfEditRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const db = zeroPostgresJS(schema, sql);

  const editable = (c: Context<ApiEnv>) => editableTicket(c, sql);

  app.get('/api/peoples/self-update', async c => {
    const ticketID = await editable(c);
    if (ticketID instanceof Response) return ticketID;
    const [row] = await sql<
      {revision: number; gender: 'male' | 'female'; forename: string; surname: string; details: Record<string, unknown> | null}[]
    >`
      SELECT p.revision, p.gender, p.forename, p.surname, d.details
      FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id WHERE p.id = ${ticketID}`;
    const [photo] = await sql<{id: string; name: string; size: number}[]>`
      SELECT id, name, size FROM profile_file WHERE profile_id = ${ticketID} AND kind = 'photo'`;
    const details = Object.fromEntries(
      SELF_EDITABLE_FIELDS.filter(key => row!.details?.[key] !== undefined).map(key => [key, row!.details![key]]),
    );
    return c.json({
      ticketID,
      revision: row!.revision,
      gender: row!.gender,
      fullName: `${row!.forename} ${row!.surname}`,
      details,
      photo: photo ? {id: photo.id, name: photo.name, size: photo.size} : null,
    } satisfies SelfTicket);
  });

  const limit = bodyLimit({
    maxSize: CANDIDATE_FORM_MAX_BYTES,
    onError: c => fail(c, 413, 'bodyTooLarge', 'The request body is too large'),
  });
  app.post('/api/peoples/self-update', limit, async c => {
    const ticketID = await editable(c);
    if (ticketID instanceof Response) return ticketID;
    const body = await readBody(c, selfUpdateSchema);
    if (body instanceof Response) return body;
    if (body.ticketID !== ticketID) return fail(c, 403, 'forbidden', 'Only your own ticket can be changed');
    try {
      const revision = await db.transaction(async tx => {
        // The ticket is held until the edit is written, so one closed meanwhile is not edited after all.
        const pg = tx.dbTransaction.wrappedTransaction;
        const [open] = await pg`
          SELECT 1 FROM profile WHERE id = ${ticketID} AND closed_at IS NULL AND deleted_at IS NULL FOR NO KEY UPDATE`;
        if (!open) return 'closed' as const;
        const existing = await tx.run(
          zql.profile
            .where('id', ticketID)
            .related('detail', d => d.one())
            .one(),
        );
        if (!existing) throw new AppError('notFound');
        const card = await editCard(
          tx,
          'candidate',
          existing,
          {id: ticketID, revision: body.revision, details: body.details},
          Date.now(),
          (merged, changed) => assertCardConsistent(tx, 'candidate', merged, changed),
        );
        await syncSignInPhones(tx, card);
        return card.revision;
      });
      if (revision === 'closed') return fail(c, 409, 'ticketClosed', 'This ticket is already closed');
      return c.json({ok: true, revision});
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const issues = (error.details as {issues?: FieldIssue[]} | undefined)?.issues;
      return fail(c, STATUS_OF[error.code] ?? 400, error.code, error.message, issues);
    }
  });
}
