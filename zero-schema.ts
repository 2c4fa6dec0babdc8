/**
 * The one schema shared by the browser and the server: what Zero replicates (see the publication in
 * migrations/0001_core.sql). Server-only tables (session, migrations) and columns (app_user phone,
 * email) are deliberately absent. Timestamps and dates are numbers (ms since epoch, dates at UTC midnight).
 * Each area's tables and relationships live in app/tables/; this file assembles them.
 */
import {createBuilder, createSchema} from '@rocicorp/zero';
import type {AuthContext} from './permissions/context.ts';
import {
  activity,
  activityComment,
  activityRelationships,
  commentRelationships,
  phoneCall,
  phoneCallRelationships,
} from './app/tables/activities.ts';
import {
  community,
  institution,
  profileStatus,
  registrationLink,
  registrationLinkRelationships,
  representative,
  representativeRelationships,
  sector,
} from './app/tables/places.ts';
import {
  cardPresence,
  fileRelationships,
  noteRelationships,
  presenceRelationships,
  profile,
  profileDetail,
  profileFile,
  profileNote,
  profileRelationships,
  profileRevision,
  profileViewer,
  profilePlaceStaff,
  revisionRelationships,
  userRelationships,
  viewerRelationships,
} from './app/tables/profiles.ts';
import {
  adminNotification,
  adminNotificationRead,
  adminNotificationReadRelationships,
  adminNotificationRelationships,
  siteSetting,
  userSetting,
} from './app/tables/site.ts';
import {profileFacet, profileKey} from './app/tables/search.ts';
import {savedSearch, savedSearchPin, savedSearchPinRelationships, savedSearchRelationships} from './app/tables/saved-searches.ts';
import {staffContact, staffDetail, user} from './app/tables/staff.ts';
import {benefitCard, benefitCardRelationships, engagedCouple, engagedCoupleRelationships} from './app/tables/engaged-couples.ts';
import {exportJob} from './app/tables/exports.ts';
import {excelFormat, excelFormatRelationships, importJob, importJobRelationships} from './app/tables/imports.ts';
import {
  scorePoints,
  shadchanGoal,
  shadchanGoalRelationships,
  shadchanScore,
  shadchanScoreRelationships,
} from './app/tables/scores.ts';
import {
  chat,
  chatMember,
  chatMemberRelationships,
  chatMessage,
  chatMessageRelationships,
  chatRelationships,
} from './app/tables/chats.ts';
import {page, pageContent, pageFolder, pageFolderRelationships, pageRelationships} from './app/tables/pages.ts';
import {
  shidduchIdea,
  shidduchIdeaRecipient,
  shidduchIdeaRecipientRelationships,
  shidduchIdeaRelationships,
} from './app/tables/ideas.ts';

export {LOCALES} from './app/tables/shared.ts';
export type {
  Employment,
  FileKind,
  Gender,
  Labels,
  Locale,
  PresenceMode,
  ProfileDatabase,
  ProfileState,
  ProfileVisibility,
} from './app/tables/shared.ts';
export type {InstitutionType, RepresentativeRole} from './app/tables/places.ts';

export const schema = createSchema({
  tables: [
    sector,
    profileStatus,
    community,
    user,
    staffContact,
    staffDetail,
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
    profilePlaceStaff,
    cardPresence,
    profileFile,
    institution,
    representative,
    registrationLink,
    // admin/notifications (issue 13)
    adminNotification,
    adminNotificationRead,
    // candidate search (issue 14)
    profileKey,
    profileFacet,
    // Saved searches (issue 14)
    savedSearch,
    savedSearchPin,
    // Engaged couples and benefit cards (issue 15)
    engagedCouple,
    benefitCard,
    // Excel exports (issue 16)
    exportJob,
    // Excel import (issue 16)
    excelFormat,
    importJob,
    // Scores and goals (issue 17)
    scorePoints,
    shadchanScore,
    shadchanGoal,
    // Chats (issue 17)
    chat,
    chatMember,
    chatMessage,
    // Staff pages and folders (issue 17)
    pageFolder,
    page,
    pageContent,
    // Ideas bank (issue 17)
    shidduchIdea,
    shidduchIdeaRecipient,
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
    // Saved searches (issue 14)
    savedSearchRelationships,
    savedSearchPinRelationships,
    // Engaged couples and benefit cards (issue 15)
    engagedCoupleRelationships,
    benefitCardRelationships,
    // Excel import (issue 16)
    excelFormatRelationships,
    importJobRelationships,
    // Scores and goals (issue 17)
    shadchanScoreRelationships,
    shadchanGoalRelationships,
    // Chats (issue 17)
    chatRelationships,
    chatMemberRelationships,
    chatMessageRelationships,
    // Staff pages and folders (issue 17)
    pageFolderRelationships,
    pageRelationships,
    // Ideas bank (issue 17)
    shidduchIdeaRelationships,
    shidduchIdeaRecipientRelationships,
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
