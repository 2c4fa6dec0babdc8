import type {ComponentType} from 'react';
import {FORGOT_PASSWORD_PATH} from './login/paths.ts';
import type {PublicPageProps} from './public/page-props.ts';
import {mayEnter, owesAgreement, type SessionInfo} from './session.ts';

/**
 * The pages a visitor opens without the staff's app (issue 35): sign-in, the candidates' and parents' own pages,
 * the public forms and checks. Each is drawn by app/main.tsx straight onto the page with React alone, so a
 * candidate opening the benefit-card check on a phone loads neither the router nor Zero: what every public page
 * loads is React, this table and the page. Moving between them, and into or out of the staff's app, is a full
 * page load (the router sends such a path back to the server, app/router.tsx).
 */
type PublicPage = {
  /** `/add-people/:userID`; a last `*` takes the rest of the path as `params['*']`. */
  path: string;
  load: () => Promise<ComponentType<PublicPageProps>>;
  /** Where this session is sent instead (a full load), when this page is not for it. */
  elsewhere?: (session: SessionInfo) => string | undefined;
};

/** Sign in first, then come back here (spec §2 login's redirectTo). */
const signInFirst = () => `/login?${new URLSearchParams({redirectTo: location.pathname + location.search})}`;

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/login',
    load: () => import('./login/LoginPage.tsx').then(p => p.LoginPage),
    // A signed-in user whose declaration is due stays here: the page shows the declaration.
    elsewhere: session =>
      mayEnter(session) ? '/home' : owesAgreement(session) ? `/user-agreement/${encodeURIComponent(session.user.ID)}` : undefined,
  },
  {path: FORGOT_PASSWORD_PATH, load: () => import('./login/ForgotPasswordPage.tsx').then(p => p.ForgotPasswordPage)},
  /** An invitation's link (issue 30): a new staff member chooses a password. */
  {path: '/invitation/:token', load: () => import('./invitation/InvitationPage.tsx').then(p => p.InvitationPage)},
  /** The commitment form (spec §2 user-agreement/{id}), before a user gets the shell and a Zero client. */
  {
    path: '/user-agreement/:id',
    load: () => import('./agreement/AgreementPage.tsx').then(p => p.AgreementPage),
    elsewhere: session => (!session.user || session.declarationDue ? signInFirst() : undefined),
  },
  /** The self-user pages (candidates and parents) have their own session. */
  {path: '/self-user/login', load: () => import('./self-user/SelfLoginPage.tsx').then(p => p.SelfLoginPage)},
  {path: '/self-user/home', load: () => import('./self-user/SelfHomePage.tsx').then(p => p.SelfHomePage)},
  {
    path: '/self-user/verify-phone',
    load: () => import('./self-user/SelfVerifyPhonePage.tsx').then(p => p.SelfVerifyPhonePage),
  },
  {
    path: '/self-user/verify-email',
    load: () => import('./self-user/SelfVerifyEmailPage.tsx').then(p => p.SelfVerifyEmailPage),
  },
  {path: '/maintenance', load: () => import('./public/MaintenancePage.tsx').then(p => p.MaintenancePage)},
  {path: '/privacy-and-terms', load: () => import('./public/PrivacyPage.tsx').then(p => p.PrivacyPage)},
  /** A shadchan's personal link for candidates (spec §4, §7); a community's registration link (issue 13). */
  {
    path: '/add-people/:userID',
    load: () => import('./candidates/public/CandidateFormPage.tsx').then(p => p.CandidateFormPage),
  },
  {
    path: '/register/:token',
    load: () => import('./candidates/public/CandidateFormPage.tsx').then(p => p.RegistrationFormPage),
  },
  /** A benefit card's public check (spec §2 bonuses/check-validation) and the printable card (issue 15). */
  {
    path: '/bonuses/check-validation',
    load: () => import('./benefit-cards/CheckValidationPage.tsx').then(p => p.CheckValidationPage),
  },
  {path: '/bonuses/card', load: () => import('./benefit-cards/BonusCardPage.tsx').then(p => p.BonusCardPage)},
  /** The forum lives elsewhere (spec §2 /forum/**). */
  {path: '/forum/*', load: () => import('./forum/ForumRedirect.tsx').then(p => p.ForumRedirect)},
];

/** The public page at this path and its parameters (decoded), if the path is one. */
export function publicPageAt(pathname: string): {page: PublicPage; params: Record<string, string>} | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const page of PUBLIC_PAGES) {
    const params = matchPath(page.path.split('/').slice(1), segments);
    if (params) return {page, params};
  }
  return undefined;
}

function matchPath(pattern: string[], segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    if (part === '*') return {...params, '*': segments.slice(i).join('/')};
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return undefined; // a malformed escape: no page of ours
      }
    } else if (part !== segment) return undefined;
  }
  return segments.length === pattern.length ? params : undefined;
}
