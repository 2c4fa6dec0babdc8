import {describe, expect, test} from 'vitest';
import {readCaps, sessionToken} from '../../server/phone-proxy/admission.ts';

describe('phone-proxy caps', () => {
  test('default to 5 per user and 500 in all', () => {
    expect(readCaps({})).toEqual({perUser: 5, total: 500});
    expect(readCaps({PHONE_PROXY_MAX_PER_USER: '2', PHONE_PROXY_MAX_CONNECTIONS: ''})).toEqual({perUser: 2, total: 500});
  });

  test.each(['0', '-1', '2.5', 'many'])('refuse %s, naming the variable', value => {
    expect(() => readCaps({PHONE_PROXY_MAX_CONNECTIONS: value})).toThrow(
      `PHONE_PROXY_MAX_CONNECTIONS=${value} is not a positive integer`,
    );
  });
});

describe('the session token in a Cookie header', () => {
  test('is the kesher_session cookie among others, or nothing', () => {
    expect(sessionToken('a=1; kesher_session=abc-_123; b=2')).toBe('abc-_123');
    expect(sessionToken('kesher_session=')).toBeUndefined();
    expect(sessionToken('other=1')).toBeUndefined();
    expect(sessionToken('')).toBeUndefined();
  });
});
