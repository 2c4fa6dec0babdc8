import {useLayoutEffect} from 'react';
import {
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import {homeSearchOf, type HomeSearch} from './candidates/search/url.ts';
import {loginSearchOf} from './login/search.ts';
import {SELF_EDIT_PATH} from './self-user/paths.ts';
import {SECTIONS, mayOpen, type Section} from './shell/sections.ts';
import {Loading} from './ui/Loading.tsx';
import {lazyPage} from './ui/lazy-page.tsx';
import {toast} from './lib/toast.ts';
import {can} from '../permissions/can.ts';
import {addFieldMessages} from './lib/field-errors.ts';
import {STAFF_MESSAGES, STAFF_REQUIRED} from './lib/staff-field-messages.ts';
import {publicPageAt} from './public-pages.ts';
import {contextOf, editsAsCandidate, keptOutByMaintenance, mayEnter, owesAgreement} from './session.ts';
import type {SessionInfo} from './session.ts';
import type {AppZero} from './zero.ts';
import * as m from './paraglide/messages.js';

/*
 * Every page's code is fetched when it is first opened (issue 35): the public pages load neither Zero nor the
 * staff's code, and a staff member loads the shell and the candidate list (StaffShell), then each other page as
 * it is opened. A route whose component has `preload` is drawn once that code is there (the router waits for
 * it, and fetches it when a link to the route is hovered). This module, the session and the guards are what
 * every page loads: keep them free of page code (a path, a search type or parser lives in a small module).
 */
const SelfEditPage = lazyPage(() => import('./self-user/SelfEditPage.tsx').then(p => p.SelfEditPage), 'screen');
const CardPage = lazyPage(() => import('./candidates/card/CardPage.tsx').then(p => p.CardPage));
const CardEditPage = lazyPage(() => import('./candidates/card/CardEditPage.tsx').then(p => p.CardEditPage));
/** The staff's frame with Zero's provider and the candidate list (app/shell/StaffShell.tsx). */
const StaffShell = lazyPage(() => import('./shell/StaffShell.tsx').then(p => p.StaffShell), 'screen');

// What only the staff's screens are refused, in words (the public pages go without them).
addFieldMessages(STAFF_REQUIRED, STAFF_MESSAGES);

export type RouterContext = {session: SessionInfo; zero: AppZero | undefined};

/**
 * A public page (app/public-pages.ts) is not the router's: reached from inside the staff's app, the browser loads it
 * afresh, and app/main.tsx draws it without the router. The guards' redirects there say so (`reloadDocument`);
 * this covers a link.
 */
function FullLoad() {
  // The router's own location: the address bar may not show a redirect's target yet.
  const href = useLocation({select: target => target.href});
  useLayoutEffect(() => location.replace(href), [href]);
  return <Loading size="screen" />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any unknown path goes home (spec §2).
  notFoundComponent: () => (publicPageAt(location.pathname) ? <FullLoad /> : <Navigate to="/home" replace />),
});

/** The public pages the staff's app sends a user to (their paths typed for `redirect`), each a full load. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // redirectTo and queryParams (spec §2); the identity provider's return adds google-cb, state and code.
  validateSearch: loginSearchOf,
  component: FullLoad,
});
const agreementRoute = createRoute({getParentRoute: () => rootRoute, path: '/user-agreement/$id', component: FullLoad});
const maintenanceRoute = createRoute({getParentRoute: () => rootRoute, path: '/maintenance', component: FullLoad});

/** Everything below needs a signed-in user and a Zero connection. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: ({context, location}) => {
    const {session} = context;
    // The candidate's own edit link: ShellLayout draws their form instead of the shell.
    if (editsAsCandidate(session) && SELF_EDIT_PATH.test(location.pathname)) return;
    // The commitment form is still to sign: nothing else until it is.
    if (owesAgreement(session)) throw redirect({to: '/user-agreement/$id', params: {id: session.user.ID}, reloadDocument: true});
    // Signed out, or the declaration is due (then /login shows it): sign in first, and come back here.
    if (!mayEnter(session)) throw redirect({to: '/login', search: {redirectTo: location.href}, reloadDocument: true});
    // The shell follows the switch live (Shell.tsx); this covers the first load.
    if (keptOutByMaintenance(session.maintenance, session.user)) throw redirect({to: '/maintenance', reloadDocument: true});
  },
  // The shell's code, fetched beside the page's (not for a candidate, who gets their own form).
  loader: ({context}) => (context.zero ? StaffShell.preload() : SelfEditPage.preload()),
  component: function ShellLayout() {
    const {zero, session} = shellRoute.useRouteContext();
    // A candidate (self-user session, no staff one) on the spec's edit link: their own form, with no
    // shell and no Zero client (beforeLoad let only that path through).
    if (!zero && editsAsCandidate(session)) return <SelfEditPage />;
    return <StaffShell zero={zero!} />;
  },
});

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({to: '/home'});
  },
});

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
/** A section's screen (app/shell/pages.tsx, part of the staff's code), its own code fetched first. */
const sectionScreen = (section: Section) => lazyPage(() => import('./shell/pages.tsx').then(pages => pages.screenOf(section)));
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
    // Kept pages are drawn by KeptOutlet (StaffShell); the route fetches their code all the same.
    component: section.keepState ? Object.assign(() => null, {preload: sectionScreen(section).preload}) : sectionScreen(section),
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
const MeorasimPage = lazyPage<{zero: AppZero}>(async () => {
  const [{ZeroProvider}, {MeorasimPage}] = await Promise.all([
    import('@rocicorp/zero/react'),
    import('./engaged-couples/MeorasimPage.tsx'),
  ]);
  return function MeorasimWithZero({zero}: {zero: AppZero}) {
    return (
      <ZeroProvider zero={zero}>
        <MeorasimPage />
      </ZeroProvider>
    );
  };
}, 'screen');
const meorasimRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/meorasim',
  beforeLoad: ({context, location, preload}) => {
    const {session} = context;
    if (owesAgreement(session)) throw redirect({to: '/user-agreement/$id', params: {id: session.user.ID}, reloadDocument: true});
    if (!mayEnter(session)) throw redirect({to: '/login', search: {redirectTo: location.href}, reloadDocument: true});
    if (keptOutByMaintenance(session.maintenance, session.user)) throw redirect({to: '/maintenance', reloadDocument: true});
    if (!can(contextOf(session.user), 'editEngagedCouples')) {
      refuse({preload});
      throw redirect({to: '/home'});
    }
  },
  component: Object.assign(
    function MeorasimLayout() {
      const {zero} = meorasimRoute.useRouteContext();
      return <MeorasimPage zero={zero!} />;
    },
    // Hovering a link to it fetches its code.
    {preload: MeorasimPage.preload},
  ),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  agreementRoute,
  maintenanceRoute,
  meorasimRoute,
  shellRoute.addChildren([indexRoute, homeRoute, cardRoute, cardEditRoute, ...sectionRoutes]),
]);

/**
 * A route still on its way (its code, or a guard that waits) shows the branded loader (issue 31): filling
 * the window outside the shell, in the page's place inside it (the shell's routes say so themselves).
 */
const ScreenLoading = () => <Loading size="screen" />;

function createAppRouter(context: RouterContext) {
  return createRouter({routeTree, context, defaultPreload: 'intent', defaultPendingComponent: ScreenLoading});
}

/**
 * The staff's app (app/main.tsx): Zero's client only for a session that may enter (the declaration comes first). The
 * client's code and the shell's are on their way already (main.tsx asked for them with the session); the shell
 * route's loader waits for the shell (and says so if it failed).
 */
export async function drawStaffApp(session: SessionInfo) {
  const zero = mayEnter(session) ? (await import('./zero.ts')).createZero(session) : undefined;
  return <RouterProvider router={createAppRouter({session, zero})} />;
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
