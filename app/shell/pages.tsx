import type {ComponentType, ReactNode} from 'react';
import {CandidateListPage} from '../candidates/CandidateListPage.tsx';
import {FeatureGate} from '../site/FeatureGate.tsx';
import {lazyPage} from '../ui/lazy-page.tsx';
import {ComingSoon} from './ComingSoon.tsx';
import type {BuiltSectionPath, Section} from './sections.ts';

/**
 * The shell's built screens (the `built` sections; every other section shows its "coming soon" state). Part
 * of the staff's code (StaffShell), fetched once a session may enter: the candidate list, the first screen,
 * comes with it; every other page is fetched when first opened (issue 35).
 */
const PAGES: Record<BuiltSectionPath, ComponentType & {preload?: () => Promise<void>}> = {
  '/home': CandidateListPage,
  '/home/tickets/new': lazyPage(() => import('../candidates/card/CardNewPage.tsx').then(p => p.CardNewPage)),
  '/temporary-profiles': lazyPage(() => import('../candidates/PendingProfilesPage.tsx').then(p => p.PendingProfilesPage)),
  '/recycle-bin': lazyPage(() => import('../candidates/RecycleBinPage.tsx').then(p => p.RecycleBinPage)),
  '/dashboard': lazyPage(() => import('../dashboard/DashboardPage.tsx').then(p => p.DashboardPage)),
  '/dashboard/activities': lazyPage(() => import('../activities/ActivitiesPage.tsx').then(p => p.ActivitiesPage)),
  '/dashboard/activity/edit/$id': lazyPage(() => import('../activities/ActivityEditPage.tsx').then(p => p.ActivityEditPage)),
  '/dashboard/calls': lazyPage(() => import('../calls/CallsPage.tsx').then(p => p.CallsPage)),
  '/admin/notifications': lazyPage(() =>
    import('../notifications/AdminNotificationsPage.tsx').then(p => p.AdminNotificationsPage),
  ),
  '/admin/logs': lazyPage(() => import('../users-log/UsersLogPage.tsx').then(p => p.UsersLogPage)),
  '/admin/system': lazyPage(() => import('../admin/SystemStatusPage.tsx').then(p => p.SystemStatusPage)),
  '/admin/exports': lazyPage(() => import('../exports/ExportsPage.tsx').then(p => p.ExportsPage)),
  '/sectors': lazyPage(() => import('../sectors/SectorsPage.tsx').then(p => p.SectorsPage)),
  '/admin/schools': lazyPage(() => import('../institutions/InstitutionsPage.tsx').then(p => p.InstitutionsPage)),
  '/users': lazyPage(() => import('../staff/StaffListPage.tsx').then(p => p.StaffListPage)),
  '/users/new-user': lazyPage(() => import('../staff/StaffEditPage.tsx').then(p => p.StaffEditPage)),
  '/users/edit/$id': lazyPage(() => import('../staff/StaffEditPage.tsx').then(p => p.StaffEditPage)),
  '/users/print/$id': lazyPage(() => import('../staff/StaffPrintPage.tsx').then(p => p.StaffPrintPage)),
  '/representatives': lazyPage(() => import('../representatives/RepresentativesPage.tsx').then(p => p.RepresentativesPage)),
  '/registration-links': lazyPage(() =>
    import('../registration-links/RegistrationLinksPage.tsx').then(p => p.RegistrationLinksPage),
  ),
  '/benefit-cards': lazyPage(() => import('../benefit-cards/BenefitCardsPage.tsx').then(p => p.BenefitCardsPage)),
  // Saved searches (issue 14)
  '/home/saved-searches': lazyPage(() => import('../saved-searches/SavedSearchesPage.tsx').then(p => p.SavedSearchesPage)),
  '/home/needs-attention': lazyPage(() => import('../saved-searches/NeedsAttentionPage.tsx').then(p => p.NeedsAttentionPage)),
  // Excel import (issue 16)
  '/import/excel': lazyPage(() => import('../imports/ImportPage.tsx').then(p => p.ImportPage)),
  '/import/excel/formats': lazyPage(() => import('../imports/FormatsPage.tsx').then(p => p.FormatsPage)),
  // Scores and goals (issue 17)
  '/users/goals': lazyPage(() => import('../scores/GoalsPage.tsx').then(p => p.GoalsPage)),
  // Chats (issue 17)
  '/chats': lazyPage(() => import('../chats/ChatsPage.tsx').then(p => p.ChatsPage)),
  '/chats/$id': lazyPage(() => import('../chats/ChatsPage.tsx').then(p => p.ChatsPage)),
  // Reports (issue 17): the charts (recharts) come with them only
  '/admin': lazyPage(() => import('../admin/AdminOverviewPage.tsx').then(p => p.AdminOverviewPage)),
  '/admin/reports': lazyPage(() => import('../reports/ReportsPage.tsx').then(p => p.ReportsPage)),
  '/admin/shadchanim-reports': lazyPage(() => import('../reports/ShadchanimReportsPage.tsx').then(p => p.ShadchanimReportsPage)),
  // Staff pages and folders (issue 17): the rich-text editor comes with them only
  '/pages': lazyPage(() => import('../pages/FoldersPage.tsx').then(p => p.FoldersPage)),
  '/pages/$id': lazyPage(() => import('../pages/StaffPageRoute.tsx').then(p => p.StaffPageRoute)),
  // Ideas bank (issue 17)
  '/ideas': lazyPage(() => import('../ideas/IdeasBankPage.tsx').then(p => p.IdeasBankPage)),
  '/add-shidduch-idea': lazyPage(() => import('../ideas/AddIdeaPage.tsx').then(p => p.AddIdeaPage)),
};

/** A section's screen, behind its site switch when it has one. */
export function pageOf(section: Section): ReactNode {
  const Page = section.built ? PAGES[section.path as BuiltSectionPath] : undefined;
  const page = Page ? <Page /> : <ComingSoon section={section} />;
  return section.feature ? <FeatureGate feature={section.feature}>{page}</FeatureGate> : page;
}

/**
 * A section route's component, once the section's code is there (the router waits for it, see router.tsx):
 * its screen, drawn at once.
 */
export async function screenOf(section: Section): Promise<ComponentType> {
  await (section.built ? PAGES[section.path as BuiltSectionPath].preload?.() : undefined);
  return function SectionScreen() {
    return pageOf(section);
  };
}
