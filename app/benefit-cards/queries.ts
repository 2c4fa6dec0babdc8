import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleBenefitCards} from '../../permissions/benefit-cards.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * The office's benefit cards (issueBenefitCards), newest first, with the candidate's card for its link
 * where the user may see that card. The page filters them by code, name and ID number in the browser:
 * the office holds few enough.
 */
export const benefitCardQueries = namedQueries('benefitCards', {
  all: defineQuery(({ctx}) =>
    visibleBenefitCards(
      zql.benefitCard
        .related('profile', p => visibleProfiles(p, ctx).one())
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'asc'),
      ctx,
    ),
  ),
});
