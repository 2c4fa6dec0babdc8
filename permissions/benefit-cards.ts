import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {AppError} from './errors.ts';
import {assertLoggedIn, can, type AuthContext} from './context.ts';

type BenefitCardQuery<R> = Query<'benefitCard', Schema, R>;

/**
 * Benefit cards (issue 15) are the office's: only staff with issueBenefitCards see them (a card's code
 * and ID number together are what the public check asks for). Anyone else gets a filter that matches
 * nothing (a primary key is never null).
 */
export function visibleBenefitCards<R>(q: BenefitCardQuery<R>, ctx: AuthContext | undefined): BenefitCardQuery<R> {
  return can(ctx, 'issueBenefitCards') ? q : q.where('id', 'IS', null);
}

/** Issuing by hand and revoking: issueBenefitCards. */
export function assertMayIssueBenefitCards(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (!can(ctx, 'issueBenefitCards')) throw new AppError('forbidden');
}
