import type {Permission} from '../permissions/labels.ts';
import type {Role} from '../permissions/roles.ts';
import type {AuthContext} from '../permissions/context.ts';
import type {Locale} from '../zero-schema.ts';

export type SessionUser = {ID: string; Name: string; Gender: 'male' | 'female'; role: Role; permissions: Permission[]};
export type SessionInfo = {
  user: SessionUser | null;
  /**
   * The server's verdict (spec §5, §9): the user's declaration was never accepted or is more than a month
   * old. Until it is accepted the session may only do that or sign out: no shell, no Zero client.
   */
  declarationDue: boolean;
  /**
   * The commitment form (spec §2 user-agreement/{id}) is not signed yet: after the declaration, only the
   * form at /user-agreement/{ID} (outside the shell, no Zero client) until it is.
   */
  agreementDue: boolean;
  cacheURL: string | null;
  zeroPort: number;
  devSignIn: boolean;
  googleLogin: boolean;
  /** Set when the phone proxy is enabled: the sidecar's port on this host. */
  phoneProxyPort: number | null;
  /** Configured shell links; absent ones are not shown. */
  links: {donation?: string; worldsForm?: string; proxyPhoneNumber?: string; forum?: string};
  /** The site-wide maintenance switch as it was when the page loaded (the shell follows it live). */
  maintenance: boolean;
  /** The site's default language (spec §9), for a browser whose user never picked one. */
  defaultLanguage: Locale;
  /** This browser also holds a self-user (candidate or parent) session (issue 15: their edit link). */
  selfUser: boolean;
};

/** The last session the server gave this browser to a signed-in user (docs/pwa.md: an offline start). */
const LAST_SESSION_KEY = 'kesher.last-session';

/**
 * The server's session. When the server cannot be reached at all (offline: the service worker gave the page from
 * its cache), the last one it gave a signed-in user in this browser, so the shell opens on the last synced data;
 * zero-cache checks the session again as soon as it is reachable (ConnectionBadge). Signing out forgets it.
 */
export async function fetchSession(): Promise<SessionInfo> {
  let response: Response;
  try {
    response = await fetch('/api/session', {credentials: 'same-origin'});
  } catch (unreachable) {
    const last = lastSession();
    if (last) return last;
    throw unreachable;
  }
  if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
  const session: SessionInfo = await response.json();
  try {
    if (session.user) localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(session));
    else forgetLastSession();
  } catch {
    // Storage refused (private mode, full): an offline start then has no session, as before.
  }
  return session;
}

function lastSession(): SessionInfo | null {
  try {
    const stored = localStorage.getItem(LAST_SESSION_KEY);
    return stored ? (JSON.parse(stored) as SessionInfo) : null;
  } catch {
    return null;
  }
}

/** Forgets the session kept for an offline start (signing out, the local copy of the data removed). */
export function forgetLastSession() {
  try {
    localStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The tab's mark (sessionStorage: the maintenance page is a page load of its own, app/public-pages.ts). */
const HELD_FOR_MAINTENANCE = 'kesher.heldForMaintenance';

/**
 * Whether the site-wide maintenance switch keeps this user out (everyone but administrators). The tab is then
 * marked held, and the maintenance page takes it back into the site once the switch is off, even when it went
 * off before that page first asked.
 */
export function keptOutByMaintenance(maintenance: boolean, user: SessionUser): boolean {
  if (!maintenance || user.role === 'admin') return false;
  sessionStorage.setItem(HELD_FOR_MAINTENANCE, '1');
  return true;
}

/** Whether the switch sent this tab to the maintenance page (a visitor who opened it themselves stays). */
export const heldByMaintenance = () => sessionStorage.getItem(HELD_FOR_MAINTENANCE) !== null;

/** Back in the site: the mark is spent. */
export const releasedByMaintenance = () => sessionStorage.removeItem(HELD_FOR_MAINTENANCE);

/**
 * The browser's copy of the server's context, used only to run queries and mutators optimistically. The
 * cards open to the user as a chosen party are whichever the server sent (AuthContext.chosenCards).
 */
export const contextOf = (user: Pick<SessionUser, 'ID' | 'role'> & {permissions: readonly Permission[]}): AuthContext => ({
  userID: user.ID,
  role: user.role,
  permissions: user.permissions,
  chosenCards: 'as synced',
});

/** A signed-in user who has accepted the declaration and signed the commitment form: the one who gets the shell and a Zero client. */
export const mayEnter = (session: SessionInfo): session is SessionInfo & {user: SessionUser} =>
  session.user !== null && !session.declarationDue && !session.agreementDue;

/**
 * A candidate editing their own ticket: a self-user session and no staff one. A staff session always
 * wins, so a shadchan sharing the browser keeps the staff editor.
 */
export const editsAsCandidate = (session: SessionInfo) => session.user === null && session.selfUser;

/** Signed in, the declaration accepted, the commitment form still to sign: the form is the only page left. */
export const owesAgreement = (session: SessionInfo): session is SessionInfo & {user: SessionUser} =>
  session.user !== null && !session.declarationDue && session.agreementDue;

/** Ends this session, or with `everywhere` every session of the user (their other browsers too). */
export async function signOut(everywhere = false) {
  forgetLastSession();
  await fetch(everywhere ? '/api/users/logout-everywhere' : '/api/users/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {'content-type': 'application/json'},
    body: '{}',
  });
}
