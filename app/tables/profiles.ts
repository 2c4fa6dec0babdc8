/**
 * The candidate cards and what hangs on them: details, viewers, history, notes, presence, files.
 */
import type {ReadonlyJSONValue} from '@rocicorp/zero';
import {boolean, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {FileKind, Gender, PresenceMode, ProfileDatabase, ProfileState, ProfileVisibility} from './shared.ts';
import {community, profileStatus, sector} from './places.ts';
import {profileFacet, profileKey} from './search.ts';
import {staffContact, staffDetail, user} from './staff.ts';
import type {Colour} from './colours.ts';

/** A detail's stored value: text, a number, option ids, a yes/no or E.164 numbers. */
export type DetailValue = string | number | boolean | string[];
export type CardDetails = Partial<Record<string, DetailValue>>;

export {COLOURS, type Colour} from './colours.ts';

export const profile = table('profile')
  .columns({
    id: string(),
    forename: string(),
    surname: string(),
    gender: enumeration<Gender>(),
    birthDate: number().from('birth_date'),
    city: string(),
    sectorID: string().from('sector_id'),
    statusID: string().from('status_id'),
    database: enumeration<ProfileDatabase>(),
    ownerID: string().from('owner_id'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    communityID: string().from('community_id').optional(),
    state: enumeration<ProfileState>(),
    deletedAt: number().from('deleted_at').optional(),
    closedAt: number().from('closed_at').optional(),
    openFrom: number().from('open_from').optional(),
    colour: enumeration<Colour>().optional(),
    entryDate: number().from('entry_date'),
    revision: number(),
    visibility: enumeration<ProfileVisibility>(),
    source: enumeration<'staff' | 'candidate'>(),
    candidateVerifiedAt: number().from('candidate_verified_at').optional(),
    // The name's folded words, each after a space, for the list's search (migrations/0018). Written by
    // a database trigger only: optional, because mutators never send it.
    nameSearch: string().from('name_search').optional(),
    // Kept by the database from the card's activities (migrations/0019).
    lastActivityAt: number().from('last_activity_at').optional(),
    lastSuggestionAt: number().from('last_suggestion_at').optional(),
    // The institution the card's details name, kept by the database (migrations/0026): optional, as
    // nameSearch, because mutators never send it.
    institutionID: string().from('institution_id').optional(),
    // The search's own columns, kept by the database (migrations/0030), optional for the same reason:
    // the city folded, two details the preset filters read, and the free fields the card has a value for.
    cityFold: string().from('city_fold').optional(),
    maritalStatus: string().from('marital_status').optional(),
    height: number().optional(),
    filledFields: string().from('filled_fields').optional(),
  })
  .primaryKey('id');

/**
 * A card's sensitive part (migrations/0016), 1:1 with its profile: the ID number and the details
 * document (contacts, health, family, address…). Reached only through the profile's `detail`
 * relationship, which only the card query follows: lists carry the profile's own columns alone.
 */
export const profileDetail = table('profileDetail')
  .from('profile_detail')
  .columns({
    profileID: string().from('profile_id'),
    idNumber: string().from('id_number').optional(),
    details: json<CardDetails>(),
  })
  .primaryKey('profileID');

/** The users chosen to see a card whose visibility is 'chosen'. */
export const profileViewer = table('profileViewer')
  .from('profile_viewer')
  .columns({
    profileID: string().from('profile_id'),
    userID: string().from('user_id'),
    createdAt: number().from('created_at'),
  })
  .primaryKey('profileID', 'userID');

/**
 * The staff of a card's place (migrations/0056): the coordinators of its community or institution and
 * its representatives not retired, kept by triggers. The read rule asks it by the card's id
 * (permissions/profiles.ts): never through the card's community or institution, which may be empty.
 */
export const profilePlaceStaff = table('profilePlaceStaff')
  .from('profile_place_staff')
  .columns({
    profileID: string().from('profile_id'),
    userID: string().from('user_id'),
    kind: enumeration<'coordinator' | 'representative'>(),
  })
  .primaryKey('profileID', 'userID', 'kind');

export const profileRevision = table('profileRevision')
  .from('profile_revision')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    revision: number(),
    /** The staff user who made the change; absent when the candidate did (self-user edit, issue 15). */
    userID: string().from('user_id').optional(),
    byCandidate: boolean().from('by_candidate'),
    /** The file an imported card came from (its creation revision, issue 16). */
    importedFrom: string().from('imported_from').optional(),
    field: string(),
    oldValue: json<ReadonlyJSONValue>().from('old_value').optional(),
    newValue: json<ReadonlyJSONValue>().from('new_value').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

export const profileNote = table('profileNote')
  .from('profile_note')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    authorID: string().from('author_id'),
    body: string(),
    personal: boolean(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

/** Who has a card open right now (migrations/0014): one row per card and user, refreshed by beats. */
export const cardPresence = table('cardPresence')
  .from('card_presence')
  .columns({
    profileID: string().from('profile_id'),
    userID: string().from('user_id'),
    mode: enumeration<PresenceMode>(),
    seenAt: number().from('seen_at'),
  })
  .primaryKey('profileID', 'userID');

/** A card's photo or document: metadata only (the bytes are in the file storage, keyed by id). */
export const profileFile = table('profileFile')
  .from('profile_file')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    kind: enumeration<FileKind>(),
    name: string(),
    mime: string(),
    size: number(),
    /** The staff user who uploaded it; absent for the photo the candidate uploaded themselves (issue 15). */
    uploadedBy: string().from('uploaded_by').optional(),
    byCandidate: boolean().from('by_candidate'),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

export const userRelationships = relationships(user, ({one, many}) => ({
  contact: one({sourceField: ['id'], destField: ['userID'], destSchema: staffContact}),
  detail: one({sourceField: ['id'], destField: ['userID'], destSchema: staffDetail}),
  // The cards a shadchan owns: the "needs attention" view lists each one's most neglected (issue 14).
  ownedProfiles: many({sourceField: ['id'], destField: ['ownerID'], destSchema: profile}),
}));

export const profileRelationships = relationships(profile, ({one, many}) => ({
  owner: one({sourceField: ['ownerID'], destField: ['id'], destSchema: user}),
  detail: one({sourceField: ['id'], destField: ['profileID'], destSchema: profileDetail}),
  sector: one({sourceField: ['sectorID'], destField: ['id'], destSchema: sector}),
  status: one({sourceField: ['statusID'], destField: ['id'], destSchema: profileStatus}),
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
  // The coordinators of the card's place, who decide on its pending arrivals, and the representatives
  // whose care it is under (permissions/profiles.ts).
  placeStaff: many({sourceField: ['id'], destField: ['profileID'], destSchema: profilePlaceStaff}),
  revisions: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileRevision}),
  viewers: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileViewer}),
  // The search (app/candidates/search/apply.ts): whereExists only, never followed with related().
  keys: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileKey}),
  facets: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileFacet}),
}));

export const viewerRelationships = relationships(profileViewer, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

export const revisionRelationships = relationships(profileRevision, ({one}) => ({
  author: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

export const noteRelationships = relationships(profileNote, ({one}) => ({
  author: one({sourceField: ['authorID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

export const presenceRelationships = relationships(cardPresence, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

export const fileRelationships = relationships(profileFile, ({one}) => ({
  uploader: one({sourceField: ['uploadedBy'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));
