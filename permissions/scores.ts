import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {assertAdmin, assertCan, can, type AuthContext} from './context.ts';

/**
 * Scores and goals (issue 17). The points table is the team's: every signed-in staff member sees it.
 * A goal is between a shadchan and those who manage shadchanim: its shadchan sees it, and so does
 * whoever edits shadchanim.
 */
const signedIn = (ctx: AuthContext | undefined): ctx is AuthContext => ctx !== undefined && ctx.role !== 'blocked';

export function visiblePoints<R>(q: Query<'scorePoints', Schema, R>, ctx: AuthContext | undefined) {
  return signedIn(ctx) ? q : q.where('kind', 'IS', null);
}

/**
 * One rule for every shadchan's own figures (issue 33; docs/activities.md "Who sees a shadchan's
 * figures"): another shadchan's month (points, suggestions, dates, couples) and the reports' rows by
 * shadchan reach only those who may view shadchanim reports; everyone sees their own. The reports
 * (server/reports/) ask the same question.
 */
export const maySeeShadchanFigures = (ctx: AuthContext | undefined) => can(ctx, 'viewShadchanimReports');

export function visibleScores<R>(q: Query<'shadchanScore', Schema, R>, ctx: AuthContext | undefined) {
  if (!signedIn(ctx)) return q.where('id', 'IS', null);
  return maySeeShadchanFigures(ctx) ? q : q.where('userID', ctx.userID);
}

export function visibleGoals<R>(q: Query<'shadchanGoal', Schema, R>, ctx: AuthContext | undefined) {
  if (!signedIn(ctx)) return q.where('id', 'IS', null);
  return mayManageGoals(ctx) ? q : q.where('userID', ctx.userID);
}

/** Who sets goals (and sees everyone's): the administrator, and whoever edits shadchanim. */
export const mayManageGoals = (ctx: AuthContext | undefined) => can(ctx, 'editShadchanim');

export function assertManagesGoals(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertCan(ctx, 'editShadchanim');
}

/** The points per activity type and per couple are the administrator's alone. */
export function assertSetsPoints(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertAdmin(ctx);
}
