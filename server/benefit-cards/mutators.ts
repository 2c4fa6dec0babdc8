import {defineMutator} from '@rocicorp/zero';
import {cardRefusal} from '../../app/benefit-cards/eligibility.ts';
import {benefitCardMutators} from '../../app/benefit-cards/mutators.ts';
import {benefitCardIssueSchema} from '../../app/benefit-cards/schema.ts';
import {assertMayIssueBenefitCards} from '../../permissions/benefit-cards.ts';
import {AppError} from '../../permissions/errors.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {zql} from '../../zero-schema.ts';
import {pgOf} from '../db/sql.ts';
import {readHolder} from './holder.ts';
import {issueBenefitCard} from './issue.ts';

/**
 * Server versions of app/benefit-cards/mutators.ts: the manual issue applies the eligibility rules
 * (app/benefit-cards/eligibility.ts, as the office) to the candidate's row, locked so two clicks never
 * issue two cards, and issues through the one way there is (issue.ts). A card is issued only to a
 * candidate the office may see: the card copies their name and ID number, so a hidden card (or a missing
 * one) gets the same notFound, before anything about it is looked at.
 */
export const benefitCardServerMutators = {
  ...benefitCardMutators,
  issue: defineMutator(benefitCardIssueSchema, async ({tx, ctx, args}) => {
    assertMayIssueBenefitCards(ctx);
    const notFound = new AppError('notFound', [{field: 'profileID', message: 'notFound'}]);
    if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.profileID).one()))) throw notFound;
    const pg = pgOf(tx);
    await pg`SELECT 1 FROM profile WHERE id = ${args.profileID} FOR UPDATE`;
    const holder = await readHolder(pg, args.profileID);
    if (!holder) throw notFound;
    const refusal = cardRefusal(holder, 'office');
    if (refusal) throw new AppError('invalidInput', [{field: 'profileID', message: refusal}]);
    await issueBenefitCard(pg, {...holder, idNumber: holder.idNumber!}, ctx.userID);
  }),
};
