import {Navigate, Outlet, createRootRouteWithContext, createRoute, createRouter, redirect} from '@tanstack/react-router';
import {ZeroProvider} from '@rocicorp/zero/react';
import {CandidateListPage} from './candidates/CandidateListPage.tsx';
import {DevSignInPage} from './login/DevSignInPage.tsx';
import {Shell} from './shell/Shell.tsx';
import type {SessionInfo} from './session.ts';
import type {AppZero} from './zero.ts';

export type RouterContext = {session: SessionInfo; zero: AppZero | undefined};

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any unknown path goes home (spec §2).
  notFoundComponent: () => <Navigate to="/home" replace />,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): {redirectTo?: string} =>
    typeof search.redirectTo === 'string' ? {redirectTo: search.redirectTo} : {},
  beforeLoad: ({context}) => {
    if (context.session.user) throw redirect({to: '/home'});
  },
  component: DevSignInPage,
});

/** Everything below needs a signed-in user and a Zero connection. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: ({context, location}) => {
    if (!context.session.user) throw redirect({to: '/login', search: {redirectTo: location.href}});
  },
  component: function ShellLayout() {
    const {zero} = shellRoute.useRouteContext();
    return (
      <ZeroProvider zero={zero!}>
        <Shell>
          <Outlet />
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

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/home',
  component: CandidateListPage,
});

const routeTree = rootRoute.addChildren([loginRoute, shellRoute.addChildren([indexRoute, homeRoute])]);

export function createAppRouter(context: RouterContext) {
  return createRouter({routeTree, context, defaultPreload: 'intent'});
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
