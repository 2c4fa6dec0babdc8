import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleBenefitCards} from '../../permissions/benefit-cards.ts';

/**
 * The office's benefit cards (issueBenefitCards), newest first, with the candidate's card for its link.
 * The page filters them by code, name and ID number in the browser: the office holds few enough.
 */
export const benefitCardQueries = {
  all: defineQuery(({ctx}) =>
    visibleBenefitCards(zql.benefitCard.related('profile').orderBy('createdAt', 'desc').orderBy('id', 'asc'), ctx),
  ),
};
