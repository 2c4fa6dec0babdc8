import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {ROOT} from '../../server/config.ts';

const LOCALES = ['he', 'en', 'de', 'ru'];
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'app/messages', `${locale}.json`), 'utf8')) as Record<
    string,
    string | {match: Record<string, string>}[]
  >;
const keysOf = (locale: string) =>
  Object.keys(read(locale))
    .filter(k => k !== '$schema')
    .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = path.join(dir, name);
    if (name === 'paraglide' || name === 'messages' || name === 'node_modules') return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('UI messages', () => {
  test('all four languages have exactly the same keys, none empty', () => {
    const he = keysOf('he');
    for (const locale of LOCALES) {
      expect(keysOf(locale), locale).toEqual(he);
      for (const [key, message] of Object.entries(read(locale))) {
        // A plural message is a list of variants (inlang's message format), each a text of its own.
        const texts: string[] = typeof message === 'string' ? [message] : message.flatMap(v => Object.values(v.match));
        for (const text of texts) expect(text.trim(), `${locale}.${key}`).not.toBe('');
      }
    }
  });

  test('every message used in the app exists, and every message is used', () => {
    const used = new Set<string>();
    // The server speaks the user's language too: the Excel exports' headers and values (server/exports/).
    for (const file of [...sourceFiles(path.join(ROOT, 'app')), ...sourceFiles(path.join(ROOT, 'server'))]) {
      const source = readFileSync(file, 'utf8');
      if (!source.includes('paraglide/messages.js')) continue;
      for (const match of source.matchAll(/\bm\.([a-z][A-Za-z0-9_]*)/g)) used.add(match[1]!);
    }
    const defined = keysOf('he');
    expect(
      [...used].filter(k => !defined.includes(k)),
      'used but missing',
    ).toEqual([]);
    expect(
      defined.filter(k => !used.has(k)),
      'defined but unused',
    ).toEqual([]);
  });
});

/**
 * The candidate's record has one name per language: כרטיס (the spec's own Hebrew, "הכרטיס נסגר
 * בהצלחה!"), profile (the spec's English labels), Profil, анкета. The other words once used side by side
 * must not come back.
 */
test('one word for the candidate’s record in each language', () => {
  const others: Record<string, RegExp> = {
    he: /פרופיל|(?<![א-ת])[בהל]?תיק(ים)?(?![א-ת])/,
    en: /\b(card|ticket)s?\b/i,
    de: /karte/i,
    ru: /карточ|профил/i,
  };
  for (const locale of LOCALES) {
    const strays = Object.entries(read(locale)).filter(([, text]) => others[locale]!.test(JSON.stringify(text)));
    expect(strays, locale).toEqual([]);
  }
});
