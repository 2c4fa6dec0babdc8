import {hash, verify} from '@node-rs/argon2';
import {ZxcvbnFactory} from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (password: string) => hash(password, {algorithm: 2});

/** False for a wrong password and for a user without one (never throws on a malformed hash). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  return verify(passwordHash, password).catch(() => false);
}

/**
 * zxcvbn's estimate (a maintained checker: dictionaries of common passwords, names and words, keyboard
 * patterns, dates, repeats), with the user's own name, phone and email counted as guessable too.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: {...common.dictionary, ...english.dictionary},
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/**
 * A password someone could guess: zxcvbn scores it below 3 of 4 ("safely unguessable" needs 3), its
 * owner's name (and each word of it), email (and the part before the @) and phone (as dialled at home
 * too) counted as guessable.
 */
export function isGuessablePassword(
  password: string,
  owner: {name?: string | null; email?: string | null; phone?: string | null} = {},
): boolean {
  const national = owner.phone?.replace(/^\+972/, '0');
  const inputs = [
    owner.name,
    ...(owner.name?.split(/\s+/) ?? []),
    owner.email,
    owner.email?.split('@')[0],
    owner.phone,
    national,
  ];
  return (
    zxcvbn.check(
      password,
      inputs.filter((input): input is string => Boolean(input)),
    ).score < 3
  );
}
