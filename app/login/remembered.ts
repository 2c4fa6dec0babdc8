/**
 * What the login form remembers on this device (spec §9): the last phone, email and code type, and the
 * date the activities declaration was last accepted (YYYY-MM-DD). A local copy only: the server keeps
 * the date too and alone decides when the declaration is due.
 */
export type CodeType = 'hungup' | 'whatsapp';

const KEY = 'kesher.login';
/** declarations: per user ID, so one person's acceptance never covers another on a shared device. */
type Remembered = {phone?: string; email?: string; codeType?: CodeType; declarations?: Record<string, string>};

export function remembered(): Remembered {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Remembered;
  } catch {
    return {};
  }
}

export function remember(patch: Omit<Remembered, 'declarations'>) {
  localStorage.setItem(KEY, JSON.stringify({...remembered(), ...patch}));
}

export function rememberDeclaration(userID: string, acceptedOn: string) {
  const current = remembered();
  localStorage.setItem(KEY, JSON.stringify({...current, declarations: {...current.declarations, [userID]: acceptedOn}}));
}
