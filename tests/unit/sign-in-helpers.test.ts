import {describe, expect, test} from 'vitest';
import {callerPool} from '../../server/auth/delivery/index.ts';
import {randomCode} from '../../server/auth/codes.ts';

describe('hung-up caller pool', () => {
  test('ranges and single numbers; every pick is in the pool', () => {
    const pool = callerPool({HUNGUP_CALLER_POOL: '+97235550000..+97235550009, +97226250000'});
    expect(pool.size).toBe(11);
    const allowed = new Set([...Array.from({length: 10}, (_, i) => `+9723555000${i}`), '+97226250000']);
    for (let i = 0; i < 200; i++) expect(allowed).toContain(pool.pick());
  });

  test('the default pool is large, so the six-digit code is hard to guess', () => {
    expect(callerPool({}).size).toBeGreaterThanOrEqual(10_000);
  });

  test.each(['0501234567', '+97235550009..+97235550000', '+1..'])('refuses %j', pool => {
    expect(() => callerPool({HUNGUP_CALLER_POOL: pool})).toThrow(/HUNGUP_CALLER_POOL/);
  });
});

test('codes are six digits, zero-padded', () => {
  for (let i = 0; i < 500; i++) expect(randomCode()).toMatch(/^\d{6}$/);
});
