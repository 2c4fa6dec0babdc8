import {setTimeout as sleep} from 'node:timers/promises';
import type {Hono} from 'hono';
import {checkValidationSchema} from '../../app/benefit-cards/schema.ts';
import {normalizeIsraeliID} from '../../app/lib/israeli-id.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import {logAnonymousRefusal} from '../audit/repeats.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {bonusAnswer} from './holder.ts';

/** The spec's §8 message: shown by the page as the server's error. */
export const BONUS_NOT_FOUND = 'לא נמצאו רשומות תואמות לפרטי הכרטיס';

/**
 * Every answer, found or not, takes at least this long: one indexed lookup is far below it, so a wrong
 * code, a wrong ID number and a revoked card cannot be told apart by timing.
 */
export const CHECK_FLOOR_MS = 250;

/**
 * Spec §7 POST /api/bonuses/check-validation {bonusCode, tz}: anyone checks a benefit card with its
 * code and the holder's ID number. A live card whose code and ID number both match answers the §3
 * fields; anything else (no such code, another ID number, revoked, either in the wrong form) answers
 * 404 with the same body, after the same floor, so the check cannot be used to enumerate codes or
 * ID numbers. Counted per client address; every check is in the access log, an anonymous address's
 * repeated refusals as one row per 15 minutes with a count. Its body is at most 16 KB (server/api.ts).
 */
export function mountBonusCheckRoute(app: Hono<ApiEnv>, sql: Sql, allowCheck: (ip: string) => Promise<boolean>) {
  app.post('/api/bonuses/check-validation', async c => {
    const started = performance.now();
    const ip = clientIP(c);
    const padded = async <T>(answer: T) => {
      await sleep(Math.max(0, CHECK_FLOOR_MS - (performance.now() - started)));
      return answer;
    };
    if (!(await allowCheck(ip))) {
      await logAnonymousRefusal(sql, {userID: null, what: 'benefit-card', result: 'rate-limited', ip, detail: {via: 'check'}});
      return padded(fail(c, 429, 'tooManyRequests', 'Too many checks; try again later'));
    }
    const body = await readBody(c, checkValidationSchema);
    if (body instanceof Response) return padded(body);
    const code = body.bonusCode.trim().toUpperCase();
    const tz = normalizeIsraeliID(body.tz) ?? '';
    // Both compared in one query, so a known code with another ID number costs the same as an unknown one.
    const [card] = /^[A-Z0-9]{10,32}$/.test(code)
      ? await sql<
          {id: string; code: string; full_name: string; id_number: string; created_at: Date; profile_id: string | null}[]
        >`
          SELECT id, code, full_name, id_number, created_at, profile_id FROM benefit_card
          WHERE code = ${code} AND id_number = ${tz} AND revoked_at IS NULL`
      : [];
    const userID = c.get('session')?.ctx.userID ?? null;
    if (card) {
      await logAccess(sql, {
        userID,
        profileID: card.profile_id,
        what: 'benefit-card',
        result: 'shown',
        ip,
        detail: {via: 'check', card: card.id},
      });
    } else if (userID === null) {
      // Anonymous misses from one address are one row per window, with a count (server/audit/repeats.ts).
      await logAnonymousRefusal(sql, {userID, what: 'benefit-card', result: 'not-found', ip, detail: {via: 'check', card: null}});
    } else {
      await logAccess(sql, {userID, what: 'benefit-card', result: 'not-found', ip, detail: {via: 'check', card: null}});
    }
    return padded(
      card
        ? c.json(bonusAnswer(card))
        : c.json({error: BONUS_NOT_FOUND, message: 'No card matches this code and ID number'}, 404),
    );
  });
}
