import {describe, expect, it} from 'vitest';
import {parseBenchArgs} from '../../server/bench/args.ts';

describe('npm run bench arguments', () => {
  it('runs one zero-cache and the latency measurements unless told otherwise', () => {
    expect(parseBenchArgs([])).toMatchObject({profiles: 10_000, viewSyncers: 0, analyse: false});
  });

  it('takes the multi-node topology and the analyser', () => {
    expect(parseBenchArgs(['--view-syncers', '2', '--analyse'])).toMatchObject({viewSyncers: 2, analyse: true});
    expect(parseBenchArgs(['--view-syncers', '0'])).toMatchObject({viewSyncers: 0});
  });

  it('refuses a view-syncer count that is not a whole number', () => {
    expect(() => parseBenchArgs(['--view-syncers', 'two'])).toThrow(/--view-syncers must be a positive integer/);
    expect(() => parseBenchArgs(['--view-syncers', '-1'])).toThrow(/--view-syncers/);
  });
});
