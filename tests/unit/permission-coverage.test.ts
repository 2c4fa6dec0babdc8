import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {PERMISSIONS} from '../../permissions/labels.ts';
import {ROOT} from '../../server/config.ts';

/**
 * Every permission label guards something real on the server (issue 13). The server's paths are the
 * API (server/), the shared read rules (permissions/) and the queries and mutators the server runs
 * (app files that define them). A check is a call of assertCan, can or the file routes' guard whose
 * arguments name the permission. The shell's section guards are the browser's only and do not count.
 */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = path.join(dir, name);
    if (name === 'paraglide' || name === 'node_modules' || name === 'bench') return [];
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
  });
}

const serverSources = [
  ...files(path.join(ROOT, 'server')),
  ...files(path.join(ROOT, 'permissions')),
  ...files(path.join(ROOT, 'app')).filter(f => /\bdefine(Mutator|Query)\(/.test(readFileSync(f, 'utf8'))),
];

/** The permissions named inside a check's parentheses (a ternary may name two). */
function checkedIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const call of source.matchAll(/\b(assertCan|can|guard)\(/g)) {
    let depth = 1;
    let end = call.index + call[0].length;
    while (depth > 0 && end < source.length) depth += source[end++] === '(' ? 1 : source[end - 1] === ')' ? -1 : 0;
    for (const id of source.slice(call.index, end).matchAll(/'([a-zA-Z]+)'/g)) found.add(id[1]!);
  }
  return found;
}

const guarded = new Set(serverSources.flatMap(f => [...checkedIn(readFileSync(f, 'utf8'))]));

test('the scan finds checks where they are known to be', () => {
  expect(checkedIn("assertCan(ctx, args.x === 'a' ? 'viewFiles' : 'uploadFiles'); can(ctx, 'editTickets')")).toEqual(
    new Set(['a', 'viewFiles', 'uploadFiles', 'editTickets']),
  );
  for (const id of ['showTickets', 'viewFiles', 'uploadFiles', 'temporaryGeneralDatabase', 'editShadchanim']) {
    expect(guarded, id).toContain(id);
  }
});

test('every permission label is checked on a server path (issue 17: each now guards a real feature)', () => {
  const unguarded = PERMISSIONS.filter(p => !guarded.has(p));
  expect(unguarded, 'labels no server path checks').toEqual([]);
});
