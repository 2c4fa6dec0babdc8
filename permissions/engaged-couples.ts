import type {Query, Transaction} from '@rocicorp/zero';
import {zql, type Schema} from '../zero-schema.ts';
import {assertLoggedIn, can, type AuthContext} from './context.ts';
import {AppError} from './errors.ts';
import {visibleProfiles} from './profiles.ts';

/**
 * Engaged couples (issue 15, spec §6 "edit engaged couples"). An editor (editEngagedCouples) sees and
 * decides on every couple; anyone else sees only the reports they sent themselves (the mazal-tov form).
 */
export function visibleCouples<R>(q: Query<'engagedCouple', Schema, R>, ctx: AuthContext | undefined) {
  if (!ctx) return q.where('id', 'IS', null);
  return can(ctx, 'editEngagedCouples') ? q : q.where('submittedByUser', ctx.userID);
}

/** Who records, confirms, rejects, edits and undoes couples. */
export function assertEditsCouples(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (!can(ctx, 'editEngagedCouples')) throw new AppError('forbidden');
}

/** Who may report a match (the mazal-tov form): an editor, or a shadchan who sees cards (showTickets). */
export function assertReportsCouples(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (!can(ctx, 'editEngagedCouples') && !can(ctx, 'showTickets')) throw new AppError('forbidden');
}

/**
 * A side's chosen card: one this user may see, of that side's gender. A card the user may not see is
 * notFound, the same answer as one that does not exist.
 */
export async function assertSideCard(tx: Transaction, ctx: AuthContext, side: 'male' | 'female', profileID: string | null) {
  if (profileID === null) return;
  const field = `${side}ProfileID`;
  const card = await tx.run(visibleProfiles(zql.profile, ctx).where('id', profileID).one());
  if (!card) throw new AppError('notFound', [{field, message: 'notFound'}]);
  if (card.gender !== side) throw new AppError('invalidInput', [{field, message: 'wrongSide'}]);
}
