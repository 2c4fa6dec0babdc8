import type {Hono} from 'hono';
import * as v from 'valibot';
import {cardRefusal} from '../../app/benefit-cards/eligibility.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import {selfSessionOf} from '../auth/self-session.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {bonusAnswer, readHolder} from './holder.ts';
import {issueBenefitCard} from './issue.ts';

const ROUTE = '/api/users/self-user/bonus';
const issueSchema = v.object({peopleId: v.pipe(v.string(), v.maxLength(100))});

/**
 * The self-user's benefit card (spec §1, §2 /self-user/home, §4): once their ticket is closed and a card
 * is due (app/benefit-cards/eligibility.ts), they issue it themselves, then view and print it. Self
 * users have no Zero: this is REST on the self session, for the session's own ticket only.
 */
export function mountSelfBonusRoutes(app: Hono<ApiEnv>, sql: Sql) {
  /** The ticket's live card, or why none is due; showing a card is an access-log entry. */
  app.get(ROUTE, async c => {
    const session = await selfSessionOf(c, sql);
    const holder = session && (await readHolder(sql, session.profileID));
    if (!holder) return fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');
    const [card] = await sql<{id: string; code: string; full_name: string; id_number: string; created_at: Date}[]>`
      SELECT id, code, full_name, id_number, created_at FROM benefit_card
      WHERE profile_id = ${holder.profileID} AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`;
    if (card) {
      await logAccess(sql, {
        userID: null,
        profileID: holder.profileID,
        what: 'benefit-card',
        result: 'shown',
        ip: clientIP(c),
        detail: {via: 'self-user', card: card.id},
      });
    }
    return c.json({card: card ? bonusAnswer(card) : null, refusal: card ? null : (cardRefusal(holder, 'self') ?? null)});
  });

  /** Issues the card when it is due; the ticket's row is locked so two clicks never issue two cards. */
  app.post(ROUTE, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) return fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');
    const body = await readBody(c, issueSchema);
    if (body instanceof Response) return body;
    const log = (result: string, detail: Record<string, string>) =>
      logAccess(sql, {userID: null, profileID: session.profileID, what: 'benefit-card', result, ip: clientIP(c), detail});
    if (body.peopleId !== session.profileID) {
      await log('refused', {via: 'self-user', target: body.peopleId});
      return fail(c, 403, 'forbidden', 'Only the ticket’s own self-user can receive its card');
    }
    const outcome = await sql.begin(async tx => {
      await tx`SELECT 1 FROM profile WHERE id = ${session.profileID} FOR UPDATE`;
      const holder = await readHolder(tx, session.profileID);
      const refusal = holder ? cardRefusal(holder, 'self') : 'notEngaged';
      if (!holder || refusal) return {refusal};
      const issued = await issueBenefitCard(
        tx,
        {profileID: holder.profileID, coupleID: holder.coupleID, fullName: holder.fullName, idNumber: holder.idNumber!},
        null,
      );
      const [card] = await tx<{id: string; code: string; full_name: string; id_number: string; created_at: Date}[]>`
        SELECT id, code, full_name, id_number, created_at FROM benefit_card WHERE id = ${issued.id}`;
      return {card: card!};
    });
    if ('refusal' in outcome) {
      await log('refused', {via: 'self-user', reason: outcome.refusal ?? ''});
      return fail(c, 409, outcome.refusal ?? 'notEngaged', 'No benefit card is due for this ticket');
    }
    await log('issued', {via: 'self-user', card: outcome.card.id});
    return c.json({card: bonusAnswer(outcome.card)});
  });
}
