import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertMayIssueBenefitCards} from '../../permissions/benefit-cards.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {benefitCardIssueSchema, benefitCardRevokeSchema} from './schema.ts';
import * as v from 'valibot';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/** Revoking is final: the public check answers "not found" for the card from then on. */
export async function revokeBenefitCard({tx, ctx, args}: Write<v.InferOutput<typeof benefitCardRevokeSchema>>, now: number) {
  assertMayIssueBenefitCards(ctx);
  const card = await tx.run(zql.benefitCard.where('id', args.id).one());
  if (!card) throw new AppError('notFound');
  if (card.revokedAt == null) await tx.mutate.benefitCard.update({id: args.id, revokedAt: now, revokedBy: ctx.userID});
}

/**
 * The office's manual issue. In the browser only the right is checked: the card's random code is drawn
 * on the server (server/benefit-cards/mutators.ts), and the list shows it once it is written.
 */
export const benefitCardMutators = {
  issue: defineMutator(benefitCardIssueSchema, async ({ctx}) => assertMayIssueBenefitCards(ctx)),
  revoke: defineMutator(benefitCardRevokeSchema, opts => revokeBenefitCard(opts, Date.now())),
};
