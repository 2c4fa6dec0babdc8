import {lazy, Suspense, useEffect, useRef, useState} from 'react';
import {usePageTitle} from '../ui/page-title.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {call, type AdminNotification, type SignedInUser} from './api.ts';
import {CodeRequest} from './CodeRequest.tsx';
import {useCodeRequest} from './use-code-request.ts';
import {CodeVerify} from './CodeVerify.tsx';
import {loginErrorText} from './errors.ts';
import {FORGOT_PASSWORD_PATH} from './paths.ts';
import {loginSearchOf} from './search.ts';
import type {PublicPageProps} from '../public/page-props.ts';
import {remember, rememberDeclaration} from './remembered.ts';
import {localPath} from '../auth/local-path.ts';
import {Button} from '../ui/controls.tsx';
import {signOut} from '../session.ts';
import {Loading} from '../ui/Loading.tsx';
import {lazyPage} from '../ui/lazy-page.tsx';
import {forgetShownReminders} from '../activities/reminders-shown.ts';
import * as m from '../paraglide/messages.js';

/** Fetched when shown: most visits to this page only ask for a code (issue 35). */
const Declaration = lazyPage(() => import('./Declaration.tsx').then(p => p.Declaration));
const AdminNotifications = lazyPage(() => import('./AdminNotifications.tsx').then(p => p.AdminNotifications));
const ForumUnreadPopup = lazyPage(() => import('./ForumUnreadPopup.tsx').then(p => p.ForumUnreadPopup));
const DevPanel = lazyPage(() => import('./DevPanel.tsx').then(p => p.DevPanel));
/** Only where the identity provider is set up (its mark; its state's schema brings valibot). */
const GoogleMark = lazy(() => import('./GoogleMark.tsx').then(p => ({default: p.GoogleMark})));
const googleState = () => import('../auth/google-state.ts');

/**
 * Matchmaker login status (spec §4): none → calledSuccess (or waiting for the identity provider's
 * callback, then googleLogged) → numberVerified (the declaration) → final (admin notifications, the forum's
 * unread popup, then leave).
 */
type Status = 'none' | 'calledSuccess' | 'waiting' | 'googleLogged' | 'numberVerified' | 'final';

/** The identity provider's callback error that the spec counts as success on this path. */
const NOT_LOGGED_IN_WITH_GOOGLE = 'user is not logged in with Google';

/** Where to go after signing in: `redirectTo` (on this site only) with `queryParams`, else home. */
export function destination(search: {redirectTo?: string; queryParams?: string}): string {
  const path = localPath(search.redirectTo, location.origin);
  if (!search.queryParams) return path;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(JSON.parse(search.queryParams) as Record<string, string>);
  } catch {
    params = new URLSearchParams(search.queryParams);
  }
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export function LoginPage({session}: PublicPageProps) {
  usePageTitle(m.login_title());
  const [search] = useState(() => loginSearchOf(Object.fromEntries(new URLSearchParams(location.search))));
  const {tab, setTab, phone, email, codeType, fields: request} = useCodeRequest();
  const googleReturn = search['google-cb'] !== undefined;
  // Signed in already but the declaration is due (the server's verdict): only the declaration is left.
  const resumed = session.user !== null && session.declarationDue;
  const [status, setStatus] = useState<Status>(resumed ? 'numberVerified' : googleReturn ? 'waiting' : 'none');
  const [sentBy, setSentBy] = useState<'hungup' | 'whatsapp' | 'email' | 'google'>('hungup');
  const [googleCodeState, setGoogleCodeState] = useState<string>();
  const [target, setTarget] = useState(() => destination(search));
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string>();
  const [notifications, setNotifications] = useState<AdminNotification[]>();
  const [forumUnread, setForumUnread] = useState<number>();
  const [userID, setUserID] = useState(session.user?.ID);
  const [agreementDue, setAgreementDue] = useState(session.agreementDue);

  const leave = () => location.assign(target);

  // A session that ended without signing out here (expired, or ended in another browser) leaves its
  // "shown once" marks behind: the session signed in from this page starts without them.
  useEffect(forgetShownReminders, []);

  // Once, on the identity provider's return (a ref, because React runs effects twice in development).
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!googleReturn || handledReturn.current) return;
    handledReturn.current = true;
    void finishGoogle();
  }, []);

  /** To the identity provider, with the redirect address and a state holding codeState and navigateTo. */
  async function startGoogle() {
    setWaiting(true);
    setError(undefined);
    const [result, {encodeGoogleState, googleRedirectUri}] = await Promise.all([
      call<{codeState: string; url: string}>('/api/users/get-google-login', {}),
      googleState(),
    ]);
    if (!result.ok) {
      setWaiting(false);
      return setError(loginErrorText(result.error, m.error_google_failed()));
    }
    const url = new URL(result.data.url);
    url.searchParams.set('redirect_uri', googleRedirectUri(location.origin));
    url.searchParams.set('state', encodeGoogleState({codeState: result.data.codeState, navigateTo: target}));
    location.assign(url.toString());
  }

  /** Back from the identity provider: the callback needs both the code-state and the code. */
  async function finishGoogle() {
    const {decodeGoogleState, googleRedirectUri} = await googleState();
    const state = decodeGoogleState(search.state);
    history.replaceState(null, '', '/login'); // the one-time code has no business staying in the address bar
    if (!state || !search.code) {
      setStatus('none');
      return setError(m.error_google_state());
    }
    const result = await call<string>('/api/users/google-login-callback', {
      code: search.code,
      codeState: state.codeState,
      googleRedirectUri: googleRedirectUri(location.origin),
    });
    if (result.ok && result.data === 'ok') {
      setGoogleCodeState(state.codeState);
      setTarget(state.navigateTo);
      setSentBy('google');
      setStatus('googleLogged');
      return;
    }
    setStatus('none');
    setError(result.ok ? m.error_google_failed() : loginErrorText(result.error, m.error_google_failed()));
  }

  async function sendCode() {
    setWaiting(true);
    setError(undefined);
    const result =
      tab === 'phone' ? await call('/api/users/call-me', {phone, codeType}) : await call('/api/users/get-code-to-email', {email});
    setWaiting(false);
    // The day's calls are used up (CALLS_PER_DAY): email sign-in still works, so offer it.
    if (!result.ok && result.error === 'callsUnavailable') setTab('email');
    if (!result.ok) return setError(loginErrorText(result.error, result.message));
    remember(tab === 'phone' ? {phone, codeType} : {email});
    setSentBy(tab === 'phone' ? codeType : 'email');
    setStatus('calledSuccess');
  }

  async function verify(verifyCode: string, password: string) {
    setWaiting(true);
    setError(undefined);
    const path =
      sentBy === 'google'
        ? '/api/users/verify-google'
        : sentBy === 'email'
          ? '/api/users/verify-email'
          : '/api/users/verify-number';
    const result = await call<SignedInUser>(path, {verifyCode: sentBy === 'google' ? googleCodeState : verifyCode, password});
    setWaiting(false);
    // Spec §7: on the identity-provider path this error text counts as success.
    const googleAnyway = !result.ok && sentBy === 'google' && result.message === NOT_LOGGED_IN_WITH_GOOGLE;
    if (!result.ok && !googleAnyway) {
      if (result.error === 'codeExpired') setStatus('none');
      return setError(loginErrorText(result.error, result.message));
    }
    const user = result.ok ? result.data : undefined;
    setUserID(user?.ID);
    setAgreementDue(user?.agreementDue ?? false);
    if (user?.declarationAcceptedOn) rememberDeclaration(user.ID, user.declarationAcceptedOn);
    // The server decides whether the declaration is due (and refuses everything else until it is accepted).
    if (!user || user.declarationDue) setStatus('numberVerified');
    else await finalLogin(user.ID, user.agreementDue);
  }

  async function acceptDeclaration() {
    setWaiting(true);
    const result = await call<{declarationAcceptedOn: string}>('/api/users/accept-declaration', {});
    setWaiting(false);
    if (!result.ok) return setError(loginErrorText(result.error, result.message));
    if (userID) rememberDeclaration(userID, result.data.declarationAcceptedOn);
    await finalLogin(userID, agreementDue);
  }

  /** Not accepting the declaration: the session ends, and the page starts over. */
  async function leaveSignedOut() {
    setWaiting(true);
    await signOut();
    location.assign('/login');
  }

  /**
   * Admin notifications one by one, then the forum's unread popup, then on to redirectTo (a full load, so
   * the app starts signed in). A new user signs the commitment form first: the server refuses them
   * everything else until then.
   */
  async function finalLogin(id: string | undefined, owesAgreement: boolean) {
    setStatus('final');
    if (id && owesAgreement) return location.assign(`/user-agreement/${encodeURIComponent(id)}`);
    const result = await call<AdminNotification[]>('/api/users/admin-notifications', undefined, 'GET');
    if (result.ok && result.data.length > 0) setNotifications(result.data);
    else await forumPopupOrLeave();
  }

  /**
   * If the forum is used (spec §4): its unread count, asked of our server, which answers only when the
   * site's forum is on and the user may use it. Something unread: the popup; else (or the forum away) on.
   */
  async function forumPopupOrLeave() {
    setNotifications(undefined);
    // No forum configured: nothing to ask (issue 31: no 404 on every sign-in).
    if (!session.links.forum) return leave();
    const result = await call<{count: number}>('/api/forum/unread', undefined, 'GET');
    if (result.ok && result.data.count > 0) setForumUnread(result.data.count);
    else leave();
  }

  const hint =
    sentBy === 'google' ? m.login_google_logged() : sentBy === 'hungup' ? m.login_code_hint_hungup() : m.login_code_hint_sent();
  return (
    <AuthFrame
      title={m.app_title()}
      subtitle={m.login_subtitle()}
      error={error}
      below={session.devSignIn && (status === 'none' || status === 'calledSuccess') && <DevPanel onSignedIn={leave} />}
    >
      {status === 'none' && <CodeRequest {...request} waiting={waiting} onSend={() => void sendCode()} />}
      {status === 'none' && session.googleLogin && (
        <>
          <p className="my-4 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {m.login_or()}
          </p>
          <Button
            variant="secondary"
            className="w-full py-2.5"
            disabled={waiting}
            onClick={() => void startGoogle()}
            data-testid="google-sign-in"
          >
            <Suspense fallback={<span className="size-4" />}>
              <GoogleMark />
            </Suspense>
            {m.login_google()}
          </Button>
        </>
      )}
      {status === 'waiting' && <Loading />}
      {(status === 'calledSuccess' || status === 'googleLogged') && (
        <CodeVerify
          hint={hint}
          identityProviderDone={status === 'googleLogged'}
          waiting={waiting}
          onVerify={(code, password) => void verify(code, password)}
          onBack={() => (setStatus('none'), setError(undefined))}
        />
      )}
      {status === 'numberVerified' && (
        <Declaration waiting={waiting} onEnter={() => void acceptDeclaration()} onSignOut={() => void leaveSignedOut()} />
      )}
      {status === 'final' && <Loading />}

      <nav className="mt-6 flex flex-col items-center gap-1.5 border-t border-slate-100 pt-5 text-sm">
        {(status === 'none' || status === 'calledSuccess') && (
          <a href={FORGOT_PASSWORD_PATH} className="text-brand-700 hover:underline" data-testid="login-forgot">
            {m.login_forgot()}
          </a>
        )}
        <a href="/self-user/login" className="text-brand-700 hover:underline">
          {m.login_self_user_link()}
        </a>
        <a href="/privacy-and-terms" className="text-slate-500 hover:underline">
          {m.login_privacy_link()}
        </a>
      </nav>
      {notifications && <AdminNotifications items={notifications} onDone={() => void forumPopupOrLeave()} />}
      {forumUnread !== undefined && <ForumUnreadPopup count={forumUnread} onDone={leave} />}
    </AuthFrame>
  );
}
