import {describe, expect, test} from 'vitest';
import * as v from 'valibot';
import {decodeGoogleState, encodeGoogleState, googleCallbackSchema, googleRedirectUri} from '../../app/auth/google-state.ts';

const codeState = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtX19fX18';

describe('Google state parameter', () => {
  test.each(['/', '/dashboard', '/home/tickets/edit/17?tab=notes&x=%20y#top', '/חיפוש?עיר=בני ברק'])(
    '%s survives the round trip',
    navigateTo => {
      const encoded = encodeGoogleState({codeState, navigateTo});
      expect(encoded).toMatch(/^[\w-]+$/);
      expect(decodeGoogleState(encoded)).toEqual({codeState, navigateTo});
    },
  );

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['not base64url', 'abc$%^'],
    ['not JSON', Buffer.from('{codeState:').toString('base64url')],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0xfd]).toString('base64url')],
    ['without navigateTo', Buffer.from(JSON.stringify({codeState})).toString('base64url')],
    ['with an empty codeState', Buffer.from(JSON.stringify({codeState: '', navigateTo: '/'})).toString('base64url')],
    [
      'pointing at another site',
      Buffer.from(JSON.stringify({codeState, navigateTo: 'https://evil.example/'})).toString('base64url'),
    ],
    ['protocol-relative', Buffer.from(JSON.stringify({codeState, navigateTo: '//evil.example/'})).toString('base64url')],
    ['backslash trick', Buffer.from(JSON.stringify({codeState, navigateTo: '/\\evil.example/'})).toString('base64url')],
    ['huge', 'a'.repeat(5000)],
  ])('a state that is %s decodes to undefined', (_, encoded) => expect(decodeGoogleState(encoded)).toBeUndefined());

  test('encoding refuses what decoding would refuse', () => {
    expect(() => encodeGoogleState({codeState, navigateTo: 'https://evil.example/'})).toThrow();
    expect(() => encodeGoogleState({codeState: 'has spaces', navigateTo: '/'})).toThrow();
  });
});

describe('Google redirect address and callback body', () => {
  test('the redirect address is the site origin plus /login?google-cb', () => {
    expect(googleRedirectUri('https://kesher.example')).toBe('https://kesher.example/login?google-cb');
  });

  test.each([
    ['https://kesher.example/login?google-cb', true],
    ['http://localhost:5173/login?google-cb', true],
    ['https://kesher.example/login?google-cb&x=1', false],
    ['https://kesher.example/login', false],
    ['https://kesher.example/login?google-cb#frag', false],
    ['ftp://kesher.example/login?google-cb', false],
    ['not a url', false],
  ])('googleRedirectUri %s valid: %s', (googleRedirectUri, valid) => {
    expect(v.safeParse(googleCallbackSchema, {code: 'c', codeState, googleRedirectUri}).success).toBe(valid);
  });
});
