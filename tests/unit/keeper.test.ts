import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {createKeeper, restartDelay, type CrashPolicy} from '../../server/stack/keeper.ts';
import {readStackStatus} from '../../server/stack/status-file.ts';
import {startChild} from '../../server/stack/supervisor.ts';

const policy: CrashPolicy = {windowMs: 60_000, maxCrashes: 3, firstDelayMs: 50, maxDelayMs: 200};

describe('restartDelay', () => {
  test('doubles with each crash in the window, up to the cap, and gives up at the limit', () => {
    const now = 1_000_000;
    expect(restartDelay([now], now, policy)).toBe(50);
    expect(restartDelay([now - 10, now], now, policy)).toBe(100);
    expect(restartDelay([now - 20, now - 10, now], now, policy)).toBe('give-up');
    // Crashes older than the window no longer count.
    expect(restartDelay([now - 120_000, now - 90_000, now], now, policy)).toBe(50);
    expect(
      restartDelay(
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map(i => now - i),
        now,
        {...policy, maxCrashes: 20},
      ),
    ).toBe(200);
  });
});

/** A child that runs until killed, forking a grandchild in a process group of its own (as zero-cache does). */
const sleeper = `
  const {spawn} = require('node:child_process');
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {detached: true, stdio: 'ignore'});
  console.log('grandchild ' + grandchild.pid);
  setInterval(() => {}, 1000);
`;

const until = async (check: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return;
    await new Promise(r => setTimeout(r, 20));
  }
  throw new Error('timed out');
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dir = '';
afterEach(() => dir && rmSync(dir, {recursive: true, force: true}));

describe('the keeper', () => {
  test('restarts a killed child with a new pid, kills what it left behind, and records both in the status file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'keeper-'));
    const keeper = createKeeper({dataDir: dir, onGiveUp: () => {}, policy});
    const grandchildren: number[] = [];
    await keeper.keep('api', 'api', async () => {
      const child = startChild('api', process.execPath, ['-e', sleeper], {filter: line => !line.startsWith('grandchild')});
      child.child.stdout!.on('data', (chunk: Buffer) => {
        const found = /grandchild (\d+)/.exec(chunk.toString());
        if (found) grandchildren.push(Number(found[1]));
      });
      return child;
    });
    try {
      await until(() => grandchildren.length === 1);
      const [first] = keeper.processes();
      process.kill(first!.pid, 'SIGKILL');
      await until(() => keeper.processes()[0]?.pid !== undefined && keeper.processes()[0]!.pid !== first!.pid);
      // The first child's grandchild, in a group of its own and now parented by init, is gone too.
      await until(() => !alive(grandchildren[0]!));
      const status = readStackStatus(dir)!;
      expect(status.processes).toEqual([expect.objectContaining({label: 'api', restarts: 1, pid: keeper.processes()[0]!.pid})]);
      expect(status.events.map(e => [e.label, e.event, e.detail.split(' ')[0]])).toEqual([
        ['api', 'crashed', 'signal'],
        ['api', 'restarted', 'pid'],
      ]);
    } finally {
      await keeper.stopAll();
      for (const pid of grandchildren) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  test('gives up, and says why, when a child keeps crashing within the window', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'keeper-'));
    let gaveUp = '';
    const keeper = createKeeper({dataDir: dir, onGiveUp: why => (gaveUp = why), policy});
    let starts = 0;
    await keeper.keep('zero', 'zero', async () => {
      starts += 1;
      // Runs a moment, then fails: every start "succeeds" and then crashes.
      return startChild('zero', process.execPath, ['-e', 'setTimeout(() => process.exit(3), 100)']);
    });
    await until(() => gaveUp !== '');
    expect(starts).toBe(3);
    expect(gaveUp).toContain('zero crashed 3 times');
    expect(readStackStatus(dir)!.events.at(-1)).toMatchObject({label: 'zero', event: 'gave-up', detail: 'exit code 3'});
    await keeper.stopAll();
  });
});
