import type {Permission} from '../permissions/labels.ts';
import type {Role} from '../permissions/roles.ts';
import type {AuthContext} from '../permissions/context.ts';

export type SessionUser = {ID: string; Name: string; Gender: 'male' | 'female'; role: Role; permissions: Permission[]};
export type SessionInfo = {
  user: SessionUser | null;
  /**
   * The server's verdict (spec §5, §9): the user's declaration was never accepted or is more than a month
   * old. Until it is accepted the session may only do that or sign out: no shell, no Zero client.
   */
  declarationDue: boolean;
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
};

export async function fetchSession(): Promise<SessionInfo> {
  const response = await fetch('/api/session', {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
  return response.json();
}

/** The browser's copy of the server's context, used only to run queries and mutators optimistically. */
export const contextOf = (user: SessionUser): AuthContext => ({userID: user.ID, role: user.role, permissions: user.permissions});

/** A signed-in user who has accepted the declaration: the one who gets the shell and a Zero client. */
export const mayEnter = (session: SessionInfo): session is SessionInfo & {user: SessionUser} =>
  session.user !== null && !session.declarationDue;

/** Ends this session, or with `everywhere` every session of the user (their other browsers too). */
export async function signOut(everywhere = false) {
  await fetch(everywhere ? '/api/users/logout-everywhere' : '/api/users/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {'content-type': 'application/json'},
    body: '{}',
  });
}
