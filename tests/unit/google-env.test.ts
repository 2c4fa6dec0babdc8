import {describe, expect, test} from 'vitest';
import {GOOGLE_ISSUER, googleFromEnv} from '../../server/auth/google.ts';

describe('Google sign-in configuration from the environment', () => {
  test('off unless the OAuth client is configured', () => {
    expect(googleFromEnv({})).toBeUndefined();
    expect(googleFromEnv({GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: ''})).toBeUndefined();
  });

  test('Google itself unless GOOGLE_ISSUER says otherwise', () => {
    expect(googleFromEnv({GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret'})).toEqual({
      clientID: 'id',
      clientSecret: 'secret',
      issuer: GOOGLE_ISSUER,
    });
    expect(
      googleFromEnv({GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'https://id.example'})?.issuer,
    ).toBe('https://id.example');
  });

  test('half a configuration or a bad issuer stops the server instead of silently disabling Google', () => {
    expect(() => googleFromEnv({GOOGLE_CLIENT_ID: 'id'})).toThrow(/together/);
    expect(() => googleFromEnv({GOOGLE_CLIENT_SECRET: 'secret'})).toThrow(/together/);
    expect(() => googleFromEnv({GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'not a url'})).toThrow(
      /GOOGLE_ISSUER/,
    );
  });
});
