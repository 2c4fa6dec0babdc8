import {describe, expect, test} from 'vitest';
import {REASKED_WINDOW_MS, recentlySeen} from '../../server/zero/recently-seen.ts';

const MINUTE = 60_000;

describe('recentlySeen (the dedupe window of card openings and re-asked queries)', () => {
  test('zero-cache re-asking every 5 minutes keeps a key seen, however long; after a longer gap it is new again', () => {
    const seen = recentlySeen(REASKED_WINDOW_MS);
    const t0 = 1_000_000;
    expect(seen('u1 card-1', t0)).toBe(false);
    for (let minute = 5; minute <= 120; minute += 5) expect(seen('u1 card-1', t0 + minute * MINUTE)).toBe(true);
    expect(seen('u1 card-1', t0 + 120 * MINUTE + REASKED_WINDOW_MS + 1)).toBe(false);
  });

  test('the window is longer than zero-cache’s re-transform interval (300 s)', () => {
    expect(REASKED_WINDOW_MS).toBeGreaterThan(300_000);
  });

  test('keys are independent, and old ones are forgotten', () => {
    const seen = recentlySeen(10 * MINUTE);
    expect(seen('a', 0)).toBe(false);
    expect(seen('b', MINUTE)).toBe(false);
    expect(seen('a', 2 * MINUTE)).toBe(true);
    expect(seen('b', 30 * MINUTE)).toBe(false);
  });
});
