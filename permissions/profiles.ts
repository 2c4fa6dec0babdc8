import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';

type ProfileQuery<R> = Query<'profile', Schema, R>;

/**
 * Narrows any profile query to the rows this user may see. Every query that touches profiles goes
 * through it, on the server (authoritative) and in the browser (optimistic).
 * - admin: everything;
 * - with showTickets: their own cards, and general-database cards that are open to all or that chose
 *   this user (spec §6 "all site contacts or restricted to chosen parties"); a card awaiting approval
 *   (pending, §4) only with authorizeTemporaryProfiles;
 * - a representative: exactly the cards under their care (spec §2), those of the community or the
 *   institution they represent, as the representative table links their account (migrations/0026);
 *   pending ones as above;
 * - otherwise: nothing (an impossible filter, not a throw, so the query simply returns no rows).
 * Closed, deleted and blocked (locked) profiles are hidden from everyone without showDeletedProfiles
 * (spec §4, §6 "show deleted or locked profiles").
 */
export function visibleProfiles<R>(q: ProfileQuery<R>, ctx: AuthContext | undefined): ProfileQuery<R> {
  // The primary key is never null: a filter that matches nothing on both SQLite and Postgres.
  if (!ctx || !can(ctx, 'showTickets')) return q.where('id', 'IS', null);
  const showPending = can(ctx, 'authorizeTemporaryProfiles');
  const inCare = (r: Query<'representative', Schema>) => r.where('userID', ctx.userID).where('retiredAt', 'IS', null);
  const seen =
    ctx.role === 'admin'
      ? q
      : ctx.role === 'representative'
        ? q.where(({or, and, cmp, exists}) =>
            and(
              or(exists('communityRepresentatives', inCare), exists('institutionRepresentatives', inCare)),
              ...(showPending ? [] : [cmp('state', '!=', 'pending')]),
            ),
          )
        : q.where(({or, and, cmp, exists}) =>
            or(
              cmp('ownerID', ctx.userID),
              and(
                cmp('database', 'general'),
                or(
                  cmp('visibility', 'all'),
                  exists('viewers', v => v.where('userID', ctx.userID)),
                ),
                ...(showPending ? [] : [cmp('state', '!=', 'pending')]),
              ),
            ),
          );
  return can(ctx, 'showDeletedProfiles')
    ? seen
    : seen.where('deletedAt', 'IS', null).where('closedAt', 'IS', null).where('state', '!=', 'blocked');
}
