import type {Permission} from '../permissions/labels.ts';
import type {Role} from '../permissions/roles.ts';
import type {AuthContext} from '../permissions/context.ts';

export type SessionUser = {ID: string; Name: string; Gender: 'male' | 'female'; role: Role; permissions: Permission[]};
export type SessionInfo = {
  user: SessionUser | null;
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

export async function signOut() {
  await fetch('/api/users/logout', {method: 'POST', credentials: 'same-origin'});
}
