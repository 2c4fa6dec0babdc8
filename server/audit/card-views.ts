import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import type {Sql} from '../db/sql.ts';
import {REASKED_WINDOW_MS, recentlySeen} from '../zero/recently-seen.ts';
import {zqlReader} from '../zero/read.ts';
import {logAccessInBackground} from './in-background.ts';

/**
 * The access log's "card details" rows: written when the Zero query endpoint transforms the card query
 * (`candidates.card`, the only one that carries the sensitive details), with whether the card was
 * shown to the user or not visible to them (re-checked with the same visibleProfiles rule).
 *
 * Deduplicated: zero-cache re-sends an open card's query every five minutes by itself (and up to 3-4
 * times within seconds when a page opens), so a row per transform would bury the real openings. At most
 * one row per user, card and result within REASKED_WINDOW_MS (twice the re-transform interval), a
 * sliding window that each re-transform renews: a card left open for hours is one row; opened again
 * after the window, or with a different result, it is a new one.
 *
 * Written in the background, never delaying the query's answer (server/audit/in-background.ts). The
 * address is the browser's as the reverse proxy saw it (zero-cache forwards X-Forwarded-For from the
 * browser's connection, server/stack/stack.ts), or zero-cache's own where no proxy is in front.
 */
export function cardViewLog(sql: Sql) {
  const read = zqlReader(sql);
  const logged = recentlySeen(REASKED_WINDOW_MS);
  return (ctx: AuthContext, profileID: string, ip: string) =>
    logAccessInBackground(sql, async () => {
      const card = await read(visibleProfiles(zql.profile, ctx).where('id', profileID).one());
      const result = card ? 'shown' : 'not-visible';
      if (logged(`${ctx.userID} ${profileID} ${result}`)) return undefined;
      return {userID: ctx.userID, profileID, what: 'card', result, ip};
    });
}
