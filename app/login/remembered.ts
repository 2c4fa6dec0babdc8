/**
 * What the login form remembers on this device (spec §9): the last phone, email and code type, and the
 * date the activities declaration was last accepted (YYYY-MM-DD; the server keeps it too).
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

/** The declaration is asked again when it was last accepted more than a month ago (or never). */
export function declarationDue(acceptedOn: ReadonlyArray<string | null | undefined>, today = new Date()): boolean {
  const latest = acceptedOn
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  if (!latest) return true;
  const monthAgo = new Date(today.getFullYear(), today.getMonth() - 1, today.getDate());
  return new Date(`${latest}T00:00:00`) < monthAgo;
}
