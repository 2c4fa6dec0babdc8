import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {ROOT} from '../../server/config.ts';

/** Permissive licences only in what ships (the browser bundle draws from `dependencies`); OFL is the font's. */
const PERMISSIVE = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Unlicense',
  'OFL-1.1',
  'BlueOak-1.0.0',
]);

const readJSON = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

test('every runtime dependency carries a permissive licence (GPL code stays in dev dependencies)', () => {
  const dependencies = Object.keys(readJSON(path.join(ROOT, 'package.json')).dependencies as object);
  const licences = Object.fromEntries(
    dependencies.map(name => [name, readJSON(path.join(ROOT, 'node_modules', name, 'package.json')).license]),
  );
  const other = Object.entries(licences).filter(([, licence]) => !PERMISSIVE.has(String(licence)));
  expect(other).toEqual([]);
});
