import {describe, expect, test} from 'vitest';
import {localPath} from '../../app/auth/local-path.ts';

const ORIGIN = 'https://kesher.example';

describe('redirect targets after sign-in stay on this site', () => {
  test.each([
    ['/home', '/home'],
    ['/home?tab=1#top', '/home?tab=1#top'],
    ['/חיפוש?עיר=בני ברק', '/חיפוש?עיר=בני ברק'],
    ['/dashboard/activity/edit/7', '/dashboard/activity/edit/7'],
  ])('%s stays %s', (raw, expected) => expect(localPath(raw, ORIGIN)).toBe(expected));

  test.each([
    '//evil.com',
    '/\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'https://evil.com/x',
    'javascript:alert(1)',
    `/${'a'.repeat(2001)}`,
  ])('%j goes home', raw => expect(localPath(raw, ORIGIN)).toBe('/'));

  test('nothing given goes home', () => expect(localPath(undefined, ORIGIN)).toBe('/'));
});
