import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';
import {INSIDE_OR} from './exists.ts';

type ProfileQuery<R> = Query<'profile', Schema, R>;

/**
 * Narrows any profile query to the rows this user may see. Every query that touches profiles goes
 * through it, on the server (authoritative) and in the browser (optimistic).
 * - admin: everything;
 * - with showTickets: their own cards, and general-database cards that are open to all or that chose
 *   this user (spec §6 "all site contacts or restricted to chosen parties"); a card awaiting approval
 *   (pending, §4) only with authorizeTemporaryProfiles, or, for a community's or an institution's
 *   coordinator, those of their place (what a registration link brings in waits for them, issue 13;
 *   the place is chosen on the staff form, issue 30: decidesPending);
 * - a representative: exactly the general database's cards under their care (spec §2), those of the
 *   community or the institution they represent, as the representative table links their account
 *   (migrations/0026); pending ones as above. A shadchan's personal database is theirs and the
 *   administrators' alone, whatever community or institution its cards name;
 * - otherwise: nothing (an impossible filter, not a throw, so the query simply returns no rows).
 * Closed, deleted and blocked (locked) profiles are hidden from everyone without showDeletedProfiles
 * (spec §4, §6 "show deleted or locked profiles"). `{pending: false}` leaves out every pending card.
 */
export function visibleProfiles<R>(
  q: ProfileQuery<R>,
  ctx: AuthContext | undefined,
  opts: {pending: boolean} = {pending: true},
): ProfileQuery<R> {
  // The primary key is never null: a filter that matches nothing on both SQLite and Postgres.
  if (!ctx || !can(ctx, 'showTickets')) return q.where('id', 'IS', null);
  // A list without pending cards (opts.pending false) needs none of the branches below that decide on
  // them: one plain condition instead, and every open tab's pipeline is smaller.
  if (!opts.pending) q = q.where('state', '!=', 'pending');
  const pendingDecided = !opts.pending || can(ctx, 'authorizeTemporaryProfiles');
  // The card's place's staff (migrations/0056), asked by the card's id: a join on its community or
  // institution, which may be empty, would split every edit of the card in Zero (docs/benchmark.md).
  const placeStaff = (kind: 'coordinator' | 'representative') => (s: Query<'profilePlaceStaff', Schema>) =>
    s.where('userID', ctx.userID).where('kind', kind);
  const seen =
    ctx.role === 'admin'
      ? q
      : ctx.role === 'representative'
        ? q.where(({and, cmp, exists}) =>
            and(
              cmp('database', 'general'),
              exists('placeStaff', placeStaff('representative')),
              ...(pendingDecided ? [] : [cmp('state', '!=', 'pending')]),
            ),
          )
        : q.where(({or, and, cmp, exists}) =>
            or(
              cmp('ownerID', ctx.userID),
              // What a community's registration link brings in waits for its coordinator (issue 13).
              ...(pendingDecided || ctx.role !== 'coordinator'
                ? []
                : [
                    and(
                      cmp('state', 'pending'),
                      cmp('database', 'general'),
                      exists('placeStaff', placeStaff('coordinator'), INSIDE_OR),
                    ),
                  ]),
              // The general database's cards open to all, and those open to chosen parties with this user
              // among them. The second branch names the user's chosen cards by ID (ctx.chosenCards, read with
              // the session) and is left out when there are none: an exists() anywhere in an or() makes Zero
              // fan every row and every edit out through each branch, and costs each hydration a lookup per
              // row (docs/benchmark.md, "Cold lists and searches"). zero-cache transforms every open query
              // again within seconds (server/stack/zero-cache.ts), with the session as it is then, so a card
              // opened to the user, or closed to them, comes or goes in an open list within seconds.
              and(
                cmp('database', 'general'),
                cmp('visibility', 'all'),
                ...(pendingDecided ? [] : [cmp('state', '!=', 'pending')]),
              ),
              ...(Array.isArray(ctx.chosenCards) && ctx.chosenCards.length === 0
                ? []
                : [
                    and(
                      cmp('database', 'general'),
                      cmp('visibility', '!=', 'all'),
                      ...(ctx.chosenCards === 'as synced'
                        ? []
                        : ctx.chosenCards
                          ? [cmp('id', 'IN', [...ctx.chosenCards])]
                          : [exists('viewers', v => v.where('userID', ctx.userID), INSIDE_OR)]),
                      ...(pendingDecided ? [] : [cmp('state', '!=', 'pending')]),
                    ),
                  ]),
            ),
          );
  return can(ctx, 'showDeletedProfiles')
    ? seen
    : seen.where('deletedAt', 'IS', null).where('closedAt', 'IS', null).where('state', '!=', 'blocked');
}

/**
 * Pending cards (spec §4) this user decides on, approving or discarding them: every one they see with
 * authorizeTemporaryProfiles; a community's or an institution's coordinator, the general database's
 * pending cards of their place. The query form of `decidesPending`, which the card's screen uses.
 */
export function decidablePending<R>(q: ProfileQuery<R>, ctx: AuthContext | undefined): ProfileQuery<R> {
  const pending = visibleProfiles(q, ctx).where('state', 'pending');
  if (can(ctx, 'authorizeTemporaryProfiles')) return pending;
  if (ctx?.role !== 'coordinator') return q.where('id', 'IS', null);
  return pending
    .where('database', 'general')
    .whereExists('placeStaff', s => s.where('userID', ctx.userID).where('kind', 'coordinator'));
}

/** The place a coordinator serves (app_user.community_id or institution_id, migrations/0050). */
export type StaffPlace = {communityID?: string | null | undefined; institutionID?: string | null | undefined};

/** Whether this user decides on this pending card; `mine` is the user's own place. */
export function decidesPending(
  ctx: AuthContext,
  card: {state: string; database: string} & StaffPlace,
  mine: StaffPlace | undefined,
): boolean {
  if (card.state !== 'pending' || !can(ctx, 'showTickets')) return false;
  if (can(ctx, 'authorizeTemporaryProfiles')) return true;
  if (ctx.role !== 'coordinator' || card.database !== 'general' || !mine) return false;
  return (
    (card.communityID != null && card.communityID === mine.communityID) ||
    (card.institutionID != null && card.institutionID === mine.institutionID)
  );
}
