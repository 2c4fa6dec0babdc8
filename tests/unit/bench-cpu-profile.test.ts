import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {selfTimeBySource, sourceOf} from '../../server/bench/cpu-profile.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kesher-cpu-profile-'));
// A bundle as esbuild writes zero-cache's (server/stack/zero-bundle.ts): each module under a comment naming it.
const bundle = path.join(dir, '.cache', 'syncer.js');
mkdirSync(path.dirname(bundle));

function writeBundle() {
  const lines = [
    '// node_modules/@rocicorp/zero/out/zql/src/ivm/take.js',
    'var Take = class {',
    '  *push(change) {}',
    '};',
    '// node_modules/@rocicorp/zero/out/zqlite/src/table-source.js',
    'var TableSource = class {',
    '  *fetch(req) {}',
    '};',
  ];
  writeFileSync(bundle, lines.join('\n'));
  return pathToFileURL(bundle).href;
}

describe("the bench's CPU profile summary", () => {
  it("names Zero's modules inside a bundle, packages, Node and V8's own frames", () => {
    const url = writeBundle();
    expect(sourceOf({functionName: 'push', url, lineNumber: 2})).toBe('zql/src/ivm/take.js');
    expect(sourceOf({functionName: 'fetch', url, lineNumber: 6})).toBe('zqlite/src/table-source.js');
    expect(sourceOf({functionName: 'x', url: 'file:///w/node_modules/postgres/src/connection.js', lineNumber: 1})).toBe(
      'postgres',
    );
    expect(sourceOf({functionName: 'x', url: 'file:///w/node_modules/@badrap/valita/dist/x.js', lineNumber: 1})).toBe(
      '@badrap/valita',
    );
    expect(sourceOf({functionName: 'x', url: 'node:internal/streams/writable', lineNumber: 1})).toBe('node internals');
    expect(sourceOf({functionName: '(garbage collector)', url: '', lineNumber: -1})).toBe('(garbage collector)');
    expect(sourceOf({functionName: 'next', url: '', lineNumber: -1})).toBe('(native) next');
  });

  it('sums self time by source, a native function under its caller, and leaves idle time out', () => {
    const url = writeBundle();
    const frame = (functionName: string, lineNumber = -1, at = '') => ({functionName, url: at, lineNumber});
    const profile = {
      nodes: [
        {id: 1, callFrame: frame('(root)'), children: [2, 5, 6]},
        {id: 2, callFrame: frame('push', 2, url), children: [3]},
        {id: 3, callFrame: frame('fetch', 6, url), children: [4]},
        {id: 4, callFrame: frame('next')},
        {id: 5, callFrame: frame('(idle)')},
        {id: 6, callFrame: frame('(garbage collector)')},
      ],
      // Microseconds since the previous sample, each counted to the sample's node.
      samples: [2, 3, 4, 4, 5, 6],
      timeDeltas: [1000, 2000, 3000, 3000, 50_000, 500],
    };
    const file = path.join(dir, 'a.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    expect(Object.fromEntries(selfTimeBySource([file, file]))).toEqual({
      'zql/src/ivm/take.js': 2,
      'zqlite/src/table-source.js': 4,
      'zqlite/src/table-source.js → next': 12,
      '(garbage collector)': 1,
    });
  });
});
