/**
 * Redirect targets after sign-in stay on this site. Browsers read `/\evil.com` or a tab after the
 * slash as another host, so a target counts as local only when a browser would resolve it on the same
 * origin; anything else (or anything absurdly long) means home.
 */
export function isLocalPath(raw: string, origin: string): boolean {
  if (!raw.startsWith('/') || raw.length > 2000) return false;
  try {
    return new URL(raw, origin).origin === origin;
  } catch {
    return false;
  }
}

export const localPath = (raw: string | undefined, origin: string): string => (raw && isLocalPath(raw, origin) ? raw : '/');
