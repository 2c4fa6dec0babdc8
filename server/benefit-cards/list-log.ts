import {can, type AuthContext} from '../../permissions/context.ts';
import {logAccessInBackground} from '../audit/in-background.ts';
import type {Sql} from '../db/sql.ts';
import {REASKED_WINDOW_MS, recentlySeen} from '../zero/recently-seen.ts';

/** The query that carries every benefit card's code and ID number (app/benefit-cards/queries.ts). */
export const BENEFIT_CARDS_QUERY = 'benefitCards.all';

/**
 * The access log's row for the office's list of benefit cards (codes and ID numbers together are what
 * the public check asks for): shown, or refused for a user without issueBenefitCards. Deduplicated like
 * card views (server/audit/card-views.ts): zero-cache re-sends an open query by itself.
 */
export function benefitCardListLog(sql: Sql) {
  const logged = recentlySeen(REASKED_WINDOW_MS);
  return (ctx: AuthContext, ip: string) =>
    logAccessInBackground(sql, async () => {
      const result = can(ctx, 'issueBenefitCards') ? 'shown' : 'refused';
      if (logged(`${ctx.userID} ${result}`)) return undefined;
      return {userID: ctx.userID, what: 'benefit-card', result, ip, detail: {via: 'office-list'}};
    });
}
