import {mustGetQuery, type AnyCustomQuery} from '@rocicorp/zero';
import {engagedCoupleQueries} from './engaged-couples/queries.ts';
import {exportQueries} from './exports/queries.ts';
import {activityQueries} from './activities/queries.ts';
import {transferQueries} from './activities/transfer-queries.ts';
import {callQueries} from './calls/queries.ts';
import {candidateQueries} from './candidates/queries.ts';
import {dashboardQueries} from './dashboard/queries.ts';
import {settingsQueries} from './settings/queries.ts';
import {institutionQueries} from './institutions/queries.ts';
import {registrationLinkQueries} from './registration-links/queries.ts';
import {benefitCardQueries} from './benefit-cards/queries.ts';
import {representativeQueries} from './representatives/queries.ts';
import {lookupQueries} from './lookups.ts';
import {notificationQueries} from './notifications/queries.ts';
import {savedSearchQueries} from './saved-searches/queries.ts';
import {siteQueries} from './site/queries.ts';
import {permissionQueries} from './staff/permission-queries.ts';
import {staffQueries} from './staff/queries.ts';
import {importQueries} from './imports/queries.ts';
import {scoreQueries} from './scores/queries.ts';
import {chatQueries} from './chats/queries.ts';
import {reportQueries} from './reports/queries.ts';
import {pageQueries} from './pages/queries.ts';
import {ideaQueries} from './ideas/queries.ts';

/**
 * Every read the app makes, by name: the server looks a read up here by the name the browser sent and runs it with
 * its own ctx (each feature names its reads, app/lib/named-queries.ts; the browser's screens import their own).
 */
export const queries = {
  activities: {...activityQueries, ...transferQueries},
  calls: callQueries,
  candidates: candidateQueries,
  dashboard: dashboardQueries,
  lookups: lookupQueries,
  settings: settingsQueries,
  site: siteQueries,
  staff: {...staffQueries, ...permissionQueries},
  // Places (issue 13)
  institutions: institutionQueries,
  // Representatives (issue 13)
  representatives: representativeQueries,
  registrationLinks: registrationLinkQueries,
  benefitCards: benefitCardQueries,
  // admin/notifications (issue 13)
  notifications: notificationQueries,
  // Saved searches (issue 14)
  savedSearches: savedSearchQueries,
  // Engaged couples (issue 15)
  engagedCouples: engagedCoupleQueries,
  // Excel exports (issue 16)
  exports: exportQueries,
  // Excel import (issue 16)
  imports: importQueries,
  // Scores, monthly leaders and goals (issue 17)
  scores: scoreQueries,
  // Chats (issue 17)
  chats: chatQueries,
  // Reports (issue 17): the beats that ask the server's counts again
  reports: reportQueries,
  // Staff pages and folders (issue 17)
  pages: pageQueries,
  // Ideas bank (issue 17)
  ideas: ideaQueries,
};

/** The read the browser named (`candidates.list`): Zero's own lookup, over the tree above. */
export const queryNamed = (name: string) => mustGetQuery(queries as never, name) as unknown as AnyCustomQuery;
