import {Navigate, Outlet, createRootRouteWithContext, createRoute, createRouter, redirect} from '@tanstack/react-router';
import {ZeroProvider} from '@rocicorp/zero/react';
import {ActivitiesPage} from './activities/ActivitiesPage.tsx';
import {ActivityEditPage} from './activities/ActivityEditPage.tsx';
import {CandidateListPage} from './candidates/CandidateListPage.tsx';
import {homeSearchOf, type HomeSearch} from './candidates/search/url.ts';
import {CardPage} from './candidates/card/CardPage.tsx';
import {CardNewPage} from './candidates/card/CardNewPage.tsx';
import {PendingProfilesPage} from './candidates/PendingProfilesPage.tsx';
import {RecycleBinPage} from './candidates/RecycleBinPage.tsx';
import {CallsPage} from './calls/CallsPage.tsx';
import {InstitutionsPage} from './institutions/InstitutionsPage.tsx';
import {RepresentativesPage} from './representatives/RepresentativesPage.tsx';
import {RegistrationLinksPage} from './registration-links/RegistrationLinksPage.tsx';
import {SectorsPage} from './sectors/SectorsPage.tsx';
import {NeedsAttentionPage} from './saved-searches/NeedsAttentionPage.tsx';
import {SavedSearchesPage} from './saved-searches/SavedSearchesPage.tsx';
import {StaffEditPage} from './staff/StaffEditPage.tsx';
import {StaffListPage} from './staff/StaffListPage.tsx';
import {StaffPrintPage} from './staff/StaffPrintPage.tsx';
import {GoalsPage} from './scores/GoalsPage.tsx';
import {CardEditPage} from './candidates/card/CardEditPage.tsx';
import {DashboardPage} from './dashboard/DashboardPage.tsx';
import {LoginPage, type LoginSearch} from './login/LoginPage.tsx';
import {ForgotPasswordPage} from './login/ForgotPasswordPage.tsx';
import {FORGOT_PASSWORD_PATH} from './login/paths.ts';
import {AgreementPage} from './agreement/AgreementPage.tsx';
import {AdminNotificationsPage} from './notifications/AdminNotificationsPage.tsx';
import {UsersLogPage} from './users-log/UsersLogPage.tsx';
import {ExportsPage} from './exports/ExportsPage.tsx';
import {ReportsPage, ShadchanimReportsPage} from './reports/lazy.tsx';
import {AdminOverviewPage} from './admin/AdminOverviewPage.tsx';
import {SystemStatusPage} from './admin/SystemStatusPage.tsx';
import {ImportPage} from './imports/ImportPage.tsx';
import {FormatsPage} from './imports/FormatsPage.tsx';
import {FoldersPage} from './pages/FoldersPage.tsx';
import {StaffPageRoute} from './pages/StaffPageRoute.tsx';
import {BenefitCardsPage} from './benefit-cards/BenefitCardsPage.tsx';
import {ChatsPage} from './chats/ChatsPage.tsx';
import {AddIdeaPage} from './ideas/AddIdeaPage.tsx';
import {IdeasBankPage} from './ideas/IdeasBankPage.tsx';
import {BonusCardPage} from './benefit-cards/BonusCardPage.tsx';
import {CheckValidationPage} from './benefit-cards/CheckValidationPage.tsx';
import {SelfHomePage} from './self-user/SelfHomePage.tsx';
import {SelfLoginPage} from './self-user/SelfLoginPage.tsx';
import {SelfEditPage} from './self-user/SelfEditPage.tsx';
import {SelfVerifyPhonePage} from './self-user/SelfVerifyPhonePage.tsx';
import {SelfVerifyEmailPage} from './self-user/SelfVerifyEmailPage.tsx';
import {SELF_EDIT_PATH} from './self-user/edit.ts';
import {Shell} from './shell/Shell.tsx';
import {ComingSoon} from './shell/ComingSoon.tsx';
import {SECTIONS, mayOpen, type BuiltSectionPath, type Section} from './shell/sections.ts';
import {KeptOutlet} from './shell/KeptOutlet.tsx';
import {FeatureGate} from './site/FeatureGate.tsx';
import {Loading} from './ui/Loading.tsx';
import {lazyPage} from './ui/lazy-page.tsx';
import type {ReactNode} from 'react';
import {toast} from 'sonner';
import {can} from '../permissions/context.ts';
import {contextOf, editsAsCandidate, mayEnter, owesAgreement} from './session.ts';
import {MaintenancePage} from './public/MaintenancePage.tsx';
import {PrivacyPage} from './public/PrivacyPage.tsx';
import {ForumRedirect} from './forum/ForumRedirect.tsx';
import {InvitationPage} from './invitation/InvitationPage.tsx';
import {CandidateFormPage, RegistrationFormPage} from './candidates/public/CandidateFormPage.tsx';
import type {SessionInfo} from './session.ts';
import type {AppZero} from './zero.ts';
import * as m from './paraglide/messages.js';

export type RouterContext = {session: SessionInfo; zero: AppZero | undefined};

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any unknown path goes home (spec §2).
  notFoundComponent: () => <Navigate to="/home" replace />,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // redirectTo and queryParams (spec §2); the identity provider's return adds google-cb, state and code.
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const text = (key: string) => (typeof search[key] === 'string' ? {[key]: search[key] as string} : {});
    return {
      ...text('redirectTo'),
      ...text('queryParams'),
      ...text('state'),
      ...text('code'),
      ...('google-cb' in search ? {'google-cb': ''} : {}),
    };
  },
  // A signed-in user whose declaration is due stays here: the page shows the declaration.
  beforeLoad: ({context}) => {
    if (mayEnter(context.session)) throw redirect({to: '/home'});
    if (owesAgreement(context.session)) throw redirect({to: '/user-agreement/$id', params: {id: context.session.user.ID}});
  },
  component: LoginPage,
});

/**
 * The commitment form (spec §2 user-agreement/{id}): outside the shell, since a user who has not signed
 * it gets no Zero client. Signed out, or with the declaration due: /login first.
 */
const agreementRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user-agreement/$id',
  beforeLoad: ({context, location}) => {
    const {session} = context;
    if (!session.user || session.declarationDue) throw redirect({to: '/login', search: {redirectTo: location.href}});
  },
  component: AgreementPage,
});

/** The self-user pages (candidates and parents) have their own session and no Zero connection. */
const selfLoginRoute = createRoute({getParentRoute: () => rootRoute, path: '/self-user/login', component: SelfLoginPage});
const selfHomeRoute = createRoute({getParentRoute: () => rootRoute, path: '/self-user/home', component: SelfHomePage});
/** The candidate's phone verification screen (spec §2, issue 15). */
const selfVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/self-user/verify-phone',
  component: SelfVerifyPhonePage,
});

/** The candidate's email verification screen (spec §2, issue 15). */
const selfVerifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/self-user/verify-email',
  component: SelfVerifyEmailPage,
});

/** Everything below needs a signed-in user and a Zero connection. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: ({context, location}) => {
    const {session} = context;
    // The candidate's own edit link: ShellLayout draws their form instead of the shell.
    if (editsAsCandidate(session) && SELF_EDIT_PATH.test(location.pathname)) return;
    // The commitment form is still to sign: nothing else until it is.
    if (owesAgreement(session)) throw redirect({to: '/user-agreement/$id', params: {id: session.user.ID}});
    // Signed out, or the declaration is due (then /login shows it): sign in first, and come back here.
    if (!mayEnter(session)) throw redirect({to: '/login', search: {redirectTo: location.href}});
    // The shell follows the switch live (Shell.tsx); this covers the first load.
    if (session.maintenance && session.user.role !== 'admin') throw redirect({to: '/maintenance'});
  },
  component: function ShellLayout() {
    const {zero, session} = shellRoute.useRouteContext();
    // A candidate (self-user session, no staff one) on the spec's edit link: their own form, with no
    // shell and no Zero client (beforeLoad let only that path through).
    if (!zero && editsAsCandidate(session)) return <SelfEditPage />;
    return (
      <ZeroProvider zero={zero!}>
        <Shell>
          <KeptOutlet page={pageOf} />
        </Shell>
      </ZeroProvider>
    );
  },
});

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({to: '/home'});
  },
});

/** Built screens (the `built` sections); every other section shows its "coming soon" state. */
const PAGES: Record<BuiltSectionPath, () => ReactNode> = {
  '/home': CandidateListPage,
  '/home/tickets/new': CardNewPage,
  '/temporary-profiles': PendingProfilesPage,
  '/recycle-bin': RecycleBinPage,
  '/dashboard': DashboardPage,
  '/dashboard/activities': ActivitiesPage,
  '/dashboard/activity/edit/$id': ActivityEditPage,
  '/dashboard/calls': CallsPage,
  '/admin/notifications': AdminNotificationsPage,
  '/admin/logs': UsersLogPage,
  '/admin/system': SystemStatusPage,
  '/admin/exports': ExportsPage,
  '/sectors': SectorsPage,
  '/admin/schools': InstitutionsPage,
  '/users': StaffListPage,
  '/users/new-user': StaffEditPage,
  '/users/edit/$id': StaffEditPage,
  '/users/print/$id': StaffPrintPage,
  '/representatives': RepresentativesPage,
  '/registration-links': RegistrationLinksPage,
  '/benefit-cards': BenefitCardsPage,
  // Saved searches (issue 14)
  '/home/saved-searches': SavedSearchesPage,
  '/home/needs-attention': NeedsAttentionPage,
  // Excel import (issue 16)
  '/import/excel': ImportPage,
  '/import/excel/formats': FormatsPage,
  // Scores and goals (issue 17)
  '/users/goals': GoalsPage,
  // Chats (issue 17)
  '/chats': ChatsPage,
  '/chats/$id': ChatsPage,
  // Reports (issue 17)
  '/admin': AdminOverviewPage,
  '/admin/reports': ReportsPage,
  '/admin/shadchanim-reports': ShadchanimReportsPage,
  // Staff pages and folders (issue 17)
  '/pages': FoldersPage,
  '/pages/$id': StaffPageRoute,
  // Ideas bank (issue 17)
  '/ideas': IdeasBankPage,
  '/add-shidduch-idea': AddIdeaPage,
};

function pageOf(section: Section): ReactNode {
  const Page = section.built ? PAGES[section.path as BuiltSectionPath] : undefined;
  const page = Page ? <Page /> : <ComingSoon section={section} />;
  return section.feature ? <FeatureGate feature={section.feature}>{page}</FeatureGate> : page;
}

/**
 * A page this user may not open: they are told why before being sent elsewhere (not when a link is
 * merely preloaded on hover). It depends on the permission alone, so it says nothing about any record.
 */
function refuse({preload}: {preload: boolean}) {
  if (!preload) toast.error(m.error_no_access_page(), {id: 'no-access'});
}

/**
 * The shell's sections, guarded by their permission (without it, a word why, and back home). Pages of `keepState`
 * sections (home among them) are drawn by KeptOutlet, which keeps them mounted across navigation.
 */
const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/home',
  pendingComponent: Loading,
  // The candidate search lives in the URL (issue 14): whatever was typed there is read safely.
  validateSearch: (search: Record<string, unknown>): HomeSearch => homeSearchOf(search),
  component: () => null,
});
const sectionRoutes = SECTIONS.filter(s => s.path !== '/home' && !('outsideShell' in s)).map((section: Section) =>
  createRoute({
    getParentRoute: () => shellRoute,
    path: section.path,
    beforeLoad: ({context, preload}) => {
      const user = context.session.user;
      if ((section.permission || section.onlyRole) && (!user || !mayOpen(section, contextOf(user)))) {
        refuse({preload});
        throw redirect({to: '/home'});
      }
    },
    component: section.keepState ? () => null : () => pageOf(section),
    pendingComponent: Loading,
    staticData: {saveBar: section.saveBar},
  }),
);

/**
 * A candidate's card and its edit form (spec §2: /home/tickets/edit/{ticketID}). The edit link also
 * serves the candidate themself, with a self-user session: then ShellLayout shows SelfEditPage.
 */
const cardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/home/tickets/$id',
  component: CardPage,
  pendingComponent: Loading,
});
const cardEditRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/home/tickets/edit/$id',
  beforeLoad: ({context, params, preload}) => {
    const user = context.session.user;
    if (editsAsCandidate(context.session)) return;
    if (!user || !can(contextOf(user), 'editTickets')) {
      refuse({preload});
      throw redirect({to: '/home/tickets/$id', params});
    }
  },
  component: CardEditPage,
  pendingComponent: Loading,
  staticData: {saveBar: true},
});

/**
 * Engaged couples (issue 15, spec §2 "meorasim as a separately loaded area outside the shell"): its own
 * page with its own Zero provider, its code fetched only when opened, guarded like a section.
 */
const MeorasimPage = lazyPage(() => import('./engaged-couples/MeorasimPage.tsx').then(module => module.MeorasimPage), 'screen');
const meorasimRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/meorasim',
  beforeLoad: ({context, location, preload}) => {
    const {session} = context;
    if (owesAgreement(session)) throw redirect({to: '/user-agreement/$id', params: {id: session.user.ID}});
    if (!mayEnter(session)) throw redirect({to: '/login', search: {redirectTo: location.href}});
    if (session.maintenance && session.user.role !== 'admin') throw redirect({to: '/maintenance'});
    if (!can(contextOf(session.user), 'editEngagedCouples')) {
      refuse({preload});
      throw redirect({to: '/home'});
    }
  },
  component: Object.assign(
    function MeorasimLayout() {
      const {zero} = meorasimRoute.useRouteContext();
      return (
        <ZeroProvider zero={zero!}>
          <MeorasimPage />
        </ZeroProvider>
      );
    },
    // Hovering a link to it fetches its code.
    {preload: MeorasimPage.preload},
  ),
});

/** Public pages: anyone may open them. */
const maintenanceRoute = createRoute({getParentRoute: () => rootRoute, path: '/maintenance', component: MaintenancePage});
const privacyRoute = createRoute({getParentRoute: () => rootRoute, path: '/privacy-and-terms', component: PrivacyPage});
/** A shadchan's personal link for candidates (spec §4, §7): the page asks the server whether it is valid. */
const candidateFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/add-people/$userID',
  component: CandidateFormPage,
});
/** A community's registration link (issue 13): the same public form, the community preset. */
const registrationFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register/$token',
  component: RegistrationFormPage,
});

/** An invitation's link (issue 30): a new staff member chooses a password; or one forgotten is replaced. */
const invitationRoute = createRoute({getParentRoute: () => rootRoute, path: '/invitation/$token', component: InvitationPage});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: FORGOT_PASSWORD_PATH,
  component: ForgotPasswordPage,
});

/** A benefit card's public check (spec §2 bonuses/check-validation) and the printable card (issue 15). */
const bonusCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bonuses/check-validation',
  component: CheckValidationPage,
});
const bonusCardRoute = createRoute({getParentRoute: () => rootRoute, path: '/bonuses/card', component: BonusCardPage});

/** The forum lives elsewhere: a full page load there (the path after /forum is kept). */
const forumRoute = createRoute({getParentRoute: () => rootRoute, path: '/forum', component: ForumRedirect});
const forumPathRoute = createRoute({getParentRoute: () => rootRoute, path: '/forum/$', component: ForumRedirect});

const routeTree = rootRoute.addChildren([
  loginRoute,
  agreementRoute,
  selfLoginRoute,
  selfHomeRoute,
  selfVerifyRoute,
  selfVerifyEmailRoute,
  meorasimRoute,
  maintenanceRoute,
  privacyRoute,
  candidateFormRoute,
  registrationFormRoute,
  invitationRoute,
  forgotPasswordRoute,
  bonusCheckRoute,
  bonusCardRoute,
  forumRoute,
  forumPathRoute,
  shellRoute.addChildren([indexRoute, homeRoute, cardRoute, cardEditRoute, ...sectionRoutes]),
]);

/**
 * A route still on its way (its code, or a guard that waits) shows the branded loader (issue 31): filling
 * the window outside the shell, in the page's place inside it (the shell's routes say so themselves).
 */
const ScreenLoading = () => <Loading size="screen" />;

export function createAppRouter(context: RouterContext) {
  return createRouter({routeTree, context, defaultPreload: 'intent', defaultPendingComponent: ScreenLoading});
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page keeps a save bar fixed at the bottom of the screen (see Section). */
    saveBar?: boolean;
  }
}
