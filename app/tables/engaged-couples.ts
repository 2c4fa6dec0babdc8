/**
 * Engaged couples and benefit cards (issue 15, migrations/0034). Read only through the named queries
 * of app/engaged-couples/ and app/benefit-cards/, which apply permissions/ (editEngagedCouples,
 * issueBenefitCards). The public check of a card reads Postgres over REST, never Zero.
 */
import {enumeration, number, relationships, string, table} from '@rocicorp/zero';
import {profile} from './profiles.ts';
import {user} from './staff.ts';

export type CoupleStatus = 'pending' | 'confirmed' | 'rejected' | 'undone';

export const engagedCouple = table('engagedCouple')
  .from('engaged_couple')
  .columns({
    id: string(),
    status: enumeration<CoupleStatus>(),
    maleProfileID: string().from('male_profile_id').optional(),
    maleName: string().from('male_name'),
    maleIDNumber: string().from('male_id_number').optional(),
    femaleProfileID: string().from('female_profile_id').optional(),
    femaleName: string().from('female_name'),
    femaleIDNumber: string().from('female_id_number').optional(),
    fatherName: string().from('father_name'),
    shadchanID: string().from('shadchan_id').optional(),
    rabbi: string(),
    note: string(),
    submittedByUser: string().from('submitted_by_user').optional(),
    submittedByProfile: string().from('submitted_by_profile').optional(),
    submittedAt: number().from('submitted_at'),
    decidedBy: string().from('decided_by').optional(),
    decidedAt: number().from('decided_at').optional(),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

export const benefitCard = table('benefitCard')
  .from('benefit_card')
  .columns({
    id: string(),
    code: string(),
    profileID: string().from('profile_id').optional(),
    coupleID: string().from('couple_id').optional(),
    fullName: string().from('full_name'),
    idNumber: string().from('id_number'),
    issuedBy: string().from('issued_by').optional(),
    createdAt: number().from('created_at'),
    revokedAt: number().from('revoked_at').optional(),
    revokedBy: string().from('revoked_by').optional(),
  })
  .primaryKey('id');

export const engagedCoupleRelationships = relationships(engagedCouple, ({one, many}) => ({
  male: one({sourceField: ['maleProfileID'], destField: ['id'], destSchema: profile}),
  female: one({sourceField: ['femaleProfileID'], destField: ['id'], destSchema: profile}),
  shadchan: one({sourceField: ['shadchanID'], destField: ['id'], destSchema: user}),
  submitter: one({sourceField: ['submittedByUser'], destField: ['id'], destSchema: user}),
  cards: many({sourceField: ['id'], destField: ['coupleID'], destSchema: benefitCard}),
}));

export const benefitCardRelationships = relationships(benefitCard, ({one}) => ({
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
  couple: one({sourceField: ['coupleID'], destField: ['id'], destSchema: engagedCouple}),
}));
