import {hash, verify} from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (password: string) => hash(password, {algorithm: 2});

/** False for a wrong password and for a user without one (never throws on a malformed hash). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  return verify(passwordHash, password).catch(() => false);
}
