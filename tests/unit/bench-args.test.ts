import {describe, expect, it} from 'vitest';
import {parseBenchArgs} from '../../server/bench/args.ts';
import {slope} from '../../server/bench/soak.ts';

describe('npm run bench arguments', () => {
  it('runs one zero-cache and the latency measurements unless told otherwise', () => {
    expect(parseBenchArgs([])).toMatchObject({profiles: 10_000, viewSyncers: 0, chosenViewer: false, analyse: false});
    expect(parseBenchArgs(['--chosen-viewer'])).toMatchObject({chosenViewer: true});
  });

  it('takes the multi-node topology and the analyser', () => {
    expect(parseBenchArgs(['--view-syncers', '2', '--analyse'])).toMatchObject({viewSyncers: 2, analyse: true});
    expect(parseBenchArgs(['--view-syncers', '0'])).toMatchObject({viewSyncers: 0});
  });

  it('refuses a view-syncer count that is not a whole number', () => {
    expect(() => parseBenchArgs(['--view-syncers', 'two'])).toThrow(/--view-syncers must be a positive integer/);
    expect(() => parseBenchArgs(['--view-syncers', '-1'])).toThrow(/--view-syncers/);
  });

  it('measures each tab query at 20 tabs, profiling only when asked and only with --pipelines', () => {
    expect(parseBenchArgs([])).toMatchObject({pipelines: false, cpuProfile: false, fanout: [5, 20, 50]});
    expect(parseBenchArgs(['--pipelines'])).toMatchObject({pipelines: true, cpuProfile: false, fanout: [20]});
    expect(parseBenchArgs(['--pipelines', '--cpu-profile', '--fanout', '5,50'])).toMatchObject({
      cpuProfile: true,
      fanout: [5, 50],
    });
    expect(() => parseBenchArgs(['--cpu-profile'])).toThrow(/--cpu-profile goes with --pipelines/);
  });

  it('soaks for 30 minutes in rounds of 100 client groups unless told otherwise', () => {
    expect(parseBenchArgs([])).toMatchObject({soak: undefined});
    expect(parseBenchArgs(['--soak'])).toMatchObject({soak: {minutes: 30, round: 100, warmup: 3, snapshots: false}});
  });

  it('keeps half of a short soak’s rounds for the slope', () => {
    const args = parseBenchArgs(['--soak', '--soak-round', '20', '--soak-rounds', '2', '--soak-minutes', '5']);
    expect(args).toMatchObject({soak: {minutes: 5, round: 20, maxRounds: 2, warmup: 1}});
    expect(parseBenchArgs(['--soak', '--soak-warmup', '0'])).toMatchObject({soak: {warmup: 0}});
    expect(() => parseBenchArgs(['--soak', '--soak-round', '0'])).toThrow(/--soak-round must be a positive integer/);
  });
});

describe('the soak’s slope', () => {
  it('is the least-squares slope, and none for fewer than two points', () => {
    expect(
      slope([
        [0, 1],
        [100, 3],
        [200, 5],
      ]),
    ).toBeCloseTo(0.02);
    expect(
      slope([
        [0, 10],
        [100, 14],
        [200, 10],
      ]),
    ).toBeCloseTo(0);
    expect(slope([[0, 1]])).toBeNaN();
  });
});
