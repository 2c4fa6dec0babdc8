/**
 * The one schema shared by the browser and the server: what Zero replicates (see the publication in
 * migrations/0001_core.sql). Server-only tables (session, migrations) and columns (app_user phone,
 * email) are deliberately absent. Timestamps and dates are numbers (ms since epoch, dates at UTC midnight).
 */
import type {ReadonlyJSONValue} from '@rocicorp/zero';
import {boolean, createBuilder, createSchema, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {AuthContext} from './permissions/context.ts';
import type {Permission} from './permissions/labels.ts';
import type {Role} from './permissions/roles.ts';
import type {CardDetails, Colour} from './app/candidates/card/schema.ts';
import type {Audience} from './app/notifications/schema.ts';

/** The UI languages (he is the base, right to left). */
export const LOCALES = ['he', 'en', 'de', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export type Labels = Partial<Record<Locale, string>> & {he: string};
export type Gender = 'male' | 'female';
export type ProfileDatabase = 'general' | 'personal';
export type ProfileState = 'active' | 'blocked' | 'pending' | 'engaged';
export type ProfileVisibility = 'all' | 'chosen';
export type PresenceMode = 'view' | 'edit';
export type FileKind = 'photo' | 'document';
export type Employment = 'in_house' | 'external';

/** Admin-extendable option lists share one shape: a stable id, per-locale labels, an order. */
const optionColumns = {
  id: string(),
  labels: json<Labels>(),
  sort: number(),
  createdAt: number().from('created_at'),
};

// A retired sector or community (migrations/0025) stays on old cards and is offered for no new choice.
const sector = table('sector')
  .columns({...optionColumns, retiredAt: number().from('retired_at').optional()})
  .primaryKey('id');
const profileStatus = table('profileStatus').from('profile_status').columns(optionColumns).primaryKey('id');

const community = table('community')
  .columns({
    id: string(),
    name: string(),
    sort: number(),
    retiredAt: number().from('retired_at').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

// Places (issue 13): yeshivas and seminaries the card's institution field offers (migrations/0025).
export type InstitutionType = 'yeshiva' | 'seminary';
const institution = table('institution')
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

// Representatives (issue 13, migrations/0026): who represents which institution or community.
export type RepresentativeRole = 'yeshiva' | 'seminary' | 'community';
const representative = table('representative')
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
const registrationLink = table('registrationLink')
  .from('registration_link')
  .columns({
    token: string(),
    communityID: string().from('community_id'),
    createdBy: string().from('created_by'),
    expiresAt: number().from('expires_at').optional(),
    revokedAt: number().from('revoked_at').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('token');

const user = table('user')
  .from('app_user')
  .columns({
    id: string(),
    name: string(),
    gender: enumeration<Gender>(),
    role: enumeration<Role>(),
    permissions: json<Permission[]>(),
    communityID: string().from('community_id').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    // Issue 13 (migrations/0022): the shadchan's card. Pending until approved; a blocked user's role is
    // 'blocked' and blockedFromRole the one unblocking gives back.
    approvedAt: number().from('approved_at').optional(),
    employment: enumeration<Employment>(),
    printNotes: string().from('print_notes'),
    availableHours: string().from('available_hours'),
    score: number(),
    monthlyScore: number().from('monthly_score'),
    totalSuggestions: number().from('total_suggestions'),
    blockedFromRole: enumeration<Role>().from('blocked_from_role').optional(),
  })
  .primaryKey('id');

/**
 * A staff member's contact numbers and email (migrations/0022): a copy of app_user's server-only
 * columns kept by the database. Written by the database only; read through app/staff/queries.ts, which
 * lets it through only to those who may see it.
 */
const staffContact = table('staffContact')
  .from('staff_contact')
  .columns({
    userID: string().from('user_id'),
    phone: string().optional(),
    email: string().optional(),
    landline: string().optional(),
  })
  .primaryKey('userID');

const profile = table('profile')
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
  })
  .primaryKey('id');

/**
 * A card's sensitive part (migrations/0016), 1:1 with its profile: the ID number and the details
 * document (contacts, health, family, address…). Reached only through the profile's `detail`
 * relationship, which only the card query follows: lists carry the profile's own columns alone.
 */
const profileDetail = table('profileDetail')
  .from('profile_detail')
  .columns({
    profileID: string().from('profile_id'),
    idNumber: string().from('id_number').optional(),
    details: json<CardDetails>(),
  })
  .primaryKey('profileID');

/** The users chosen to see a card whose visibility is 'chosen'. */
const profileViewer = table('profileViewer')
  .from('profile_viewer')
  .columns({
    profileID: string().from('profile_id'),
    userID: string().from('user_id'),
    createdAt: number().from('created_at'),
  })
  .primaryKey('profileID', 'userID');

const profileRevision = table('profileRevision')
  .from('profile_revision')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    revision: number(),
    userID: string().from('user_id'),
    field: string(),
    oldValue: json<ReadonlyJSONValue>().from('old_value').optional(),
    newValue: json<ReadonlyJSONValue>().from('new_value').optional(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

const profileNote = table('profileNote')
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
const cardPresence = table('cardPresence')
  .from('card_presence')
  .columns({
    profileID: string().from('profile_id'),
    userID: string().from('user_id'),
    mode: enumeration<PresenceMode>(),
    seenAt: number().from('seen_at'),
  })
  .primaryKey('profileID', 'userID');

/** A card's photo or document: metadata only (the bytes are in the file storage, keyed by id). */
const profileFile = table('profileFile')
  .from('profile_file')
  .columns({
    id: string(),
    profileID: string().from('profile_id'),
    kind: enumeration<FileKind>(),
    name: string(),
    mime: string(),
    size: number(),
    uploadedBy: string().from('uploaded_by'),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

const activity = table('activity')
  .columns({
    id: string(),
    type: enumeration<'idea' | 'suggestion' | 'date' | 'vort'>(),
    status: enumeration<'in_progress' | 'done' | 'irrelevant'>(),
    title: string(),
    summary: string(),
    maleProfileID: string().from('male_profile_id').optional(),
    femaleProfileID: string().from('female_profile_id').optional(),
    reminderAt: number().from('reminder_at').optional(),
    createdBy: string().from('created_by'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    // Numbered by the database (migrations/0019): absent from an optimistic row until it syncs.
    code: string().optional(),
    callDurationSeconds: number().from('call_duration_seconds').optional(),
    callerNumber: string().from('caller_number').optional(),
  })
  .primaryKey('id');

/** An activity's comments, each with its author and time (migrations/0019). */
const activityComment = table('activityComment')
  .from('activity_comment')
  .columns({
    id: string(),
    activityID: string().from('activity_id'),
    userID: string().from('user_id'),
    body: string(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

/**
 * A call through the phone proxy that ended (migrations/0020, published by 0021): whose it was, the
 * caller (E.164, absent when withheld), the card listing that number and the activity opened for it.
 */
const phoneCall = table('phoneCall')
  .from('phone_call')
  .columns({
    id: string(),
    userID: string().from('user_id'),
    callerNumber: string().from('caller_number').optional(),
    profileID: string().from('profile_id').optional(),
    startedAt: number().from('started_at'),
    durationSeconds: number().from('duration_seconds'),
    activityID: string().from('activity_id').optional(),
  })
  .primaryKey('id');

const userSetting = table('userSetting')
  .from('user_setting')
  .columns({
    userID: string().from('user_id'),
    largeFont: boolean().from('large_font'),
    sidebarCollapsed: boolean().from('sidebar_collapsed'),
    collapsedText: boolean().from('collapsed_text'),
    hoverMenus: boolean().from('hover_menus'),
    sidebarScrollbar: boolean().from('sidebar_scrollbar'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('userID');

const siteSetting = table('siteSetting')
  .from('site_setting')
  .columns({
    id: string(),
    maintenance: boolean(),
    ideaBank: boolean().from('idea_bank'),
    forum: boolean(),
    defaultLanguage: enumeration<Locale>().from('default_language'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

// admin/notifications (issue 13, migrations/0029): the notices shown after sign-in and who read them.
// Synced only to holders of adminNotifications (app/notifications/queries.ts); the popup reads REST.
const adminNotification = table('adminNotification')
  .from('admin_notification')
  .columns({
    id: string(),
    title: string(),
    body: string(),
    audience: enumeration<Audience>(),
    // Postgres text[] columns, which Zero carries as JSON arrays.
    roles: json<Role[]>(),
    userIDs: json<string[]>().from('user_ids'),
    shownFrom: number().from('shown_from').optional(),
    shownUntil: number().from('shown_until').optional(),
    active: boolean(),
    createdBy: string().from('created_by').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

/** A user read a notice (written by the popup's REST route, once per user and notice). */
const adminNotificationRead = table('adminNotificationRead')
  .from('admin_notification_read')
  .columns({
    notificationID: string().from('notification_id'),
    userID: string().from('user_id'),
    readAt: number().from('read_at'),
  })
  .primaryKey('notificationID', 'userID');

const userRelationships = relationships(user, ({one}) => ({
  contact: one({sourceField: ['id'], destField: ['userID'], destSchema: staffContact}),
}));

const profileRelationships = relationships(profile, ({one, many}) => ({
  owner: one({sourceField: ['ownerID'], destField: ['id'], destSchema: user}),
  detail: one({sourceField: ['id'], destField: ['profileID'], destSchema: profileDetail}),
  sector: one({sourceField: ['sectorID'], destField: ['id'], destSchema: sector}),
  status: one({sourceField: ['statusID'], destField: ['id'], destSchema: profileStatus}),
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
  // The coordinators of the card's community: they decide on its pending arrivals (permissions/profiles.ts).
  communityCoordinators: many({sourceField: ['communityID'], destField: ['communityID'], destSchema: user}),
  // The representatives whose care the card is under (permissions/profiles.ts).
  communityRepresentatives: many({sourceField: ['communityID'], destField: ['communityID'], destSchema: representative}),
  institutionRepresentatives: many({
    sourceField: ['institutionID'],
    destField: ['institutionID'],
    destSchema: representative,
  }),
  revisions: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileRevision}),
  viewers: many({sourceField: ['id'], destField: ['profileID'], destSchema: profileViewer}),
}));

const viewerRelationships = relationships(profileViewer, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

const revisionRelationships = relationships(profileRevision, ({one}) => ({
  author: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

const noteRelationships = relationships(profileNote, ({one}) => ({
  author: one({sourceField: ['authorID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

const presenceRelationships = relationships(cardPresence, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

const fileRelationships = relationships(profileFile, ({one}) => ({
  uploader: one({sourceField: ['uploadedBy'], destField: ['id'], destSchema: user}),
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
}));

const activityRelationships = relationships(activity, ({one, many}) => ({
  maleProfile: one({sourceField: ['maleProfileID'], destField: ['id'], destSchema: profile}),
  femaleProfile: one({sourceField: ['femaleProfileID'], destField: ['id'], destSchema: profile}),
  author: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
  comments: many({sourceField: ['id'], destField: ['activityID'], destSchema: activityComment}),
}));

const phoneCallRelationships = relationships(phoneCall, ({one}) => ({
  profile: one({sourceField: ['profileID'], destField: ['id'], destSchema: profile}),
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  activity: one({sourceField: ['activityID'], destField: ['id'], destSchema: activity}),
}));

const commentRelationships = relationships(activityComment, ({one}) => ({
  activity: one({sourceField: ['activityID'], destField: ['id'], destSchema: activity}),
  author: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));

const representativeRelationships = relationships(representative, ({one}) => ({
  institution: one({sourceField: ['institutionID'], destField: ['id'], destSchema: institution}),
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
}));

const registrationLinkRelationships = relationships(registrationLink, ({one, many}) => ({
  community: one({sourceField: ['communityID'], destField: ['id'], destSchema: community}),
  creator: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
  // The community's staff: its coordinator may see and revoke its links (app/registration-links).
  communityStaff: many({sourceField: ['communityID'], destField: ['communityID'], destSchema: user}),
}));

const adminNotificationRelationships = relationships(adminNotification, ({many}) => ({
  reads: many({sourceField: ['id'], destField: ['notificationID'], destSchema: adminNotificationRead}),
}));

const adminNotificationReadRelationships = relationships(adminNotificationRead, ({one}) => ({
  reader: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));

export const schema = createSchema({
  tables: [
    sector,
    profileStatus,
    community,
    user,
    staffContact,
    profile,
    profileDetail,
    activity,
    activityComment,
    phoneCall,
    userSetting,
    siteSetting,
    profileRevision,
    profileNote,
    profileViewer,
    cardPresence,
    profileFile,
    institution,
    representative,
    registrationLink,
    // admin/notifications (issue 13)
    adminNotification,
    adminNotificationRead,
  ],
  relationships: [
    userRelationships,
    profileRelationships,
    activityRelationships,
    commentRelationships,
    phoneCallRelationships,
    revisionRelationships,
    noteRelationships,
    viewerRelationships,
    presenceRelationships,
    fileRelationships,
    representativeRelationships,
    registrationLinkRelationships,
    // admin/notifications (issue 13)
    adminNotificationRelationships,
    adminNotificationReadRelationships,
  ],
});

export type Schema = typeof schema;
export const zql = createBuilder(schema);

declare module '@rocicorp/zero' {
  interface DefaultTypes {
    schema: Schema;
    context: AuthContext;
  }
}
