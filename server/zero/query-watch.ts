import type {ReadonlyJSONValue} from '@rocicorp/zero';
import {cardViewLog} from '../audit/card-views.ts';
import {BENEFIT_CARDS_QUERY, benefitCardListLog} from '../benefit-cards/list-log.ts';
import {markActive} from '../auth/session.ts';
import type {Session} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {REASKED_WINDOW_MS, recentlySeen} from './recently-seen.ts';

/** The query whose answer carries a card's details (app/candidates/queries.ts). */
const CARD_QUERY = 'candidates.card';

export type TransformedQuery = {name: string; args: ReadonlyJSONValue | undefined};

/**
 * What the Zero query endpoint learns from one transform request besides answering it:
 * - Whether the user did something (the idle timeout): a query this session had not asked for within
 *   REASKED_WINDOW_MS, i.e. a page they opened. zero-cache's own calls never count: its periodic auth
 *   revalidation carries no query at all, and its periodic re-transform only queries already asked for;
 *   otherwise an open tab would never go idle.
 * - Card-detail openings, for the access log (server/audit/card-views.ts), written in the background;
 *   so is the office's list of benefit cards (server/benefit-cards/list-log.ts).
 */
export function queryWatch(sql: Sql) {
  const asked = recentlySeen(REASKED_WINDOW_MS);
  const logCardView = cardViewLog(sql);
  const logBenefitCards = benefitCardListLog(sql);
  return async (session: Session, transformed: readonly TransformedQuery[], ip: string) => {
    for (const q of transformed) {
      if (q.name === CARD_QUERY) logCardView(session.ctx, (q.args as {id: string}).id, ip);
      if (q.name === BENEFIT_CARDS_QUERY) logBenefitCards(session.ctx, ip);
    }
    const now = Date.now();
    // Every query is looked at (no short cut), so each one's window is renewed.
    const newlyAsked = transformed.filter(q => !asked(`${session.tokenHash} ${q.name} ${JSON.stringify(q.args)}`, now));
    if (newlyAsked.length > 0) await markActive(sql, session); // one small UPDATE a minute at most
  };
}
