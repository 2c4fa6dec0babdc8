import {defineMutators} from '@rocicorp/zero';
import {engagedCoupleMutators} from './engaged-couples/mutators.ts';
import {activityMutators} from './activities/mutators.ts';
import {cardMutators} from './candidates/card/mutators.ts';
import {cardLifecycleMutators} from './candidates/card/lifecycle.ts';
import {noteMutators} from './candidates/card/notes.ts';
import {presenceMutators} from './candidates/card/presence.ts';
import {institutionMutators} from './institutions/mutators.ts';
import {notificationMutators} from './notifications/mutators.ts';
import {registrationLinkMutators} from './registration-links/mutators.ts';
import {benefitCardMutators} from './benefit-cards/mutators.ts';
import {representativeMutators} from './representatives/mutators.ts';
import {communityMutators, sectorMutators} from './sectors/mutators.ts';
import {savedSearchMutators} from './saved-searches/mutators.ts';
import {settingsMutators} from './settings/mutators.ts';
import {siteMutators} from './site/mutators.ts';
import {permissionMutators} from './staff/permission-mutators.ts';
import {staffMutators} from './staff/mutators.ts';
import {excelFormatMutators} from './imports/mutators.ts';
import {scoreMutators} from './scores/mutators.ts';
import {chatMutators} from './chats/mutators.ts';
import {pageFolderMutators, pageMutators} from './pages/mutators.ts';
import {ideaMutators} from './ideas/mutators.ts';

/**
 * Every write the app makes, by name, with its checks: what the server runs (server/zero/mutators.ts overrides some)
 * and what the browser runs optimistically. The browser registers app/mutators.ts, which fetches this with the
 * first write (issue 35).
 */
export const mutators = defineMutators({
  activities: activityMutators,
  cards: {...cardMutators, ...cardLifecycleMutators},
  notes: noteMutators,
  presence: presenceMutators,
  settings: settingsMutators,
  site: siteMutators,
  staff: {...staffMutators, ...permissionMutators},
  // Places (issue 13)
  institutions: institutionMutators,
  sectors: sectorMutators,
  communities: communityMutators,
  // Representatives (issue 13)
  representatives: representativeMutators,
  registrationLinks: registrationLinkMutators,
  benefitCards: benefitCardMutators,
  // admin/notifications (issue 13)
  notifications: notificationMutators,
  // Saved searches (issue 14)
  savedSearches: savedSearchMutators,
  // Engaged couples (issue 15)
  engagedCouples: engagedCoupleMutators,
  // Excel import (issue 16): the saved column formats
  excelFormats: excelFormatMutators,
  // Scores, monthly leaders and goals (issue 17)
  scores: scoreMutators,
  // Chats (issue 17)
  chats: chatMutators,
  // Staff pages and folders (issue 17)
  pageFolders: pageFolderMutators,
  pages: pageMutators,
  // Ideas bank (issue 17): send, accept, decline
  ideas: ideaMutators,
});
