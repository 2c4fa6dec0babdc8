import {describe, expect, test} from 'vitest';
import {PUBLIC_PAGES, publicPageAt} from '../../app/public-pages.ts';
import type {SessionInfo, SessionUser} from '../../app/session.ts';

const pathOf = (pathname: string) => publicPageAt(pathname)?.page.path;

describe('the public pages, drawn without the router (app/public-pages.ts)', () => {
  test('a public path finds its page and its parameters, decoded', () => {
    expect(publicPageAt('/add-people/abc%20d')).toMatchObject({page: {path: '/add-people/:userID'}, params: {userID: 'abc d'}});
    expect(publicPageAt('/register/t0k3n/')?.params).toEqual({token: 't0k3n'});
    expect(pathOf('/login')).toBe('/login');
    expect(pathOf('/login/')).toBe('/login');
    expect(pathOf('/bonuses/check-validation')).toBe('/bonuses/check-validation');
  });

  test('the forum takes the rest of the path, or none', () => {
    expect(publicPageAt('/forum')?.params).toEqual({'*': ''});
    expect(publicPageAt('/forum/topic/12')?.params).toEqual({'*': 'topic/12'});
  });

  test("the staff's paths, longer or shorter ones and malformed escapes are not public pages", () => {
    for (const path of [
      '/',
      '/home',
      '/home/tickets/1',
      '/login/extra',
      '/add-people',
      '/add-people/a/b',
      '/bonuses',
      '/add-people/%E0%A4%A',
    ])
      expect(pathOf(path), path).toBeUndefined();
  });

  test('every page is named once', () => {
    const paths = PUBLIC_PAGES.map(page => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('sign-in sends a user who may enter home, one who owes the commitment form to it, and keeps the rest', () => {
    const login = publicPageAt('/login')!.page;
    const user: SessionUser = {ID: 'u 1', Name: 'x', Gender: 'male', role: 'shadchan', permissions: []};
    const session = (over: Partial<SessionInfo>) =>
      ({user: null, declarationDue: false, agreementDue: false, ...over}) as SessionInfo;
    expect(login.elsewhere!(session({user}))).toBe('/home');
    expect(login.elsewhere!(session({user, agreementDue: true}))).toBe('/user-agreement/u%201');
    expect(login.elsewhere!(session({user, declarationDue: true}))).toBeUndefined();
    expect(login.elsewhere!(session({}))).toBeUndefined();
  });
});
