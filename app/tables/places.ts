/**
 * Places and their people: sectors, statuses, communities, institutions, representatives, registration links.
 */
import {enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import {optionColumns, type Gender} from './shared.ts';
import {user} from './staff.ts';

// A retired sector or community (migrations/0025) stays on old cards and is offered for no new choice.
export const sector = table('sector')
  .columns({...optionColumns, retiredAt: number().from('retired_at').optional()})
  .primaryKey('id');

export const profileStatus = table('profileStatus').from('profile_status').columns(optionColumns).primaryKey('id');

export const community = table('community')
  .columns({
    id: string(),
    name: string(),
    sort: number(),
    retiredAt: number().from('retired_at').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

// Yeshivas and seminaries the card's institution field offers (issue 13, migrations/0025).
export type InstitutionType = 'yeshiva' | 'seminary';
export const institution = table('institution')
  .columns({
    id: string(),
    name: string(),
    type: enumeration<InstitutionType>(),
    variations: json<string[]>(),
    retiredAt: number().from('retired_at').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

// Who represents which institution or community (issue 13, migrations/0026).
export type RepresentativeRole = 'yeshiva' | 'seminary' | 'community';
export const representative = table('representative')
  .columns({
    id: string(),
    name: string(),
    role: enumeration<RepresentativeRole>(),
    gender: enumeration<Gender>().optional(),
    email: string().optional(),
    phone: string().optional(),
    formCoordinator: string().from('form_coordinator'),
    inquiryContact: string().from('inquiry_contact'),
    phoneHours: string().from('phone_hours'),
    institutionID: string().from('institution_id').optional(),
    communityID: string().from('community_id').optional(),
    userID: string().from('user_id').optional(),
    retiredAt: number().from('retired_at').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

// A community's registration link (issue 13, migrations/0026).
export const registrationLink = table('registrationLink')
  .from('registration_link')
  .columns({
    // Opaque (migrations/0047): the token opens the form, so it is no primary key.
    id: string(),
    token: string(),
    communityID: string().from('community_id'),
    createdBy: string().from('created_by'),
    expiresAt: number().from('expires_at').optional(),
    revokedAt: number().from('revoked_at').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

export const representativeRelationships = relationships(representative, ({one}) => ({
  institution: one({sourceField: ['institutionID'], destField: ['id'], destSchema: institution}),
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
}));

export const registrationLinkRelationships = relationships(registrationLink, ({one, many}) => ({
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
  creator: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
  // The community's staff: its coordinator may see and revoke its links (app/registration-links).
  communityStaff: many({sourceField: ['communityID'], destField: ['communityID'], destSchema: user}),
}));
