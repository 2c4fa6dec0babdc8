import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';
import {serverSide} from '../support/server-side.ts';

/** The site-wide switches: who may flip them, who reads them, and what maintenance shuts. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;

const siteRow = async () => (await sql`SELECT maintenance, idea_bank, forum, default_language FROM site_setting`)[0];

let admin: AuthContext, shadchan: AuthContext;
beforeAll(async () => {
  admin = await makeUser(sql, 'admin');
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  api = await startTestApi(sql);
});
afterEach(() => sql`UPDATE site_setting SET maintenance = false, idea_bank = true, forum = true, default_language = 'he'`);
afterAll(async () => {
  await api.close();
  await sql.end();
});

describe('site switches', () => {
  test('migrations seed one row: not in maintenance, idea bank and forum on, Hebrew by default', async () => {
    expect(await sql`SELECT id, maintenance, idea_bank, forum, default_language FROM site_setting`).toEqual([
      {id: 'site', maintenance: false, idea_bank: true, forum: true, default_language: 'he'},
    ]);
  });

  test('every signed-in user reads them; nobody else does', async () => {
    const read = (ctx: AuthContext | undefined) =>
      db.transaction(tx => tx.run(queries.site.settings.fn({args: undefined, ctx: ctx as AuthContext})));
    expect(await read(shadchan)).toMatchObject({
      id: 'site',
      maintenance: false,
      ideaBank: true,
      forum: true,
      defaultLanguage: 'he',
    });
    expect(await read(undefined)).toBeUndefined();
  });

  test('only an administrator flips them', async () => {
    await expect(mutate(shadchan, 'site.update', {ideaBank: false})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await siteRow()).toMatchObject({idea_bank: true});
    await mutate(admin, 'site.update', {ideaBank: false, forum: false});
    expect(await siteRow()).toEqual({maintenance: false, idea_bank: false, forum: false, default_language: 'he'});
  });

  test('unknown or wrongly typed switches are refused', async () => {
    await expect(mutate(admin, 'site.update', {everything: true})).rejects.toMatchObject({details: {code: 'invalidInput'}});
    await expect(mutate(admin, 'site.update', {maintenance: 'yes'})).rejects.toMatchObject({details: {code: 'invalidInput'}});
    expect(await siteRow()).toMatchObject({maintenance: false});
  });

  test('in maintenance only administrators may change anything', async () => {
    await mutate(admin, 'site.update', {maintenance: true});
    await expect(mutate(shadchan, 'settings.update', {largeFont: true})).rejects.toMatchObject({details: {code: 'maintenance'}});
    expect(await sql`SELECT 1 FROM user_setting WHERE user_id = ${shadchan.userID}`).toHaveLength(0);
    await mutate(admin, 'settings.update', {largeFont: true});
    await mutate(admin, 'site.update', {maintenance: false});
    await mutate(shadchan, 'settings.update', {largeFont: true});
    expect(await sql`SELECT large_font FROM user_setting WHERE user_id = ${shadchan.userID}`).toEqual([{large_font: true}]);
  });

  test('/api/session tells any visitor whether the site is in maintenance', async () => {
    const maintenance = async () => (await (await api.app.request('/api/session')).json()).maintenance;
    expect(await maintenance()).toBe(false);
    await sql`UPDATE site_setting SET maintenance = true`;
    expect(await maintenance()).toBe(true);
  });

  test('/api/session tells any visitor the default language', async () => {
    const defaultLanguage = async () => (await (await api.app.request('/api/session')).json()).defaultLanguage;
    expect(await defaultLanguage()).toBe('he');
    await mutate(admin, 'site.update', {defaultLanguage: 'en'});
    expect(await defaultLanguage()).toBe('en');
  });
});

describe('default language', () => {
  test('an administrator sets any of the four languages; every signed-in user reads it', async () => {
    for (const language of ['en', 'de', 'ru', 'he']) {
      await mutate(admin, 'site.update', {defaultLanguage: language});
      expect(await siteRow()).toMatchObject({default_language: language});
      const read = await db.transaction(tx => tx.run(queries.site.settings.fn({args: undefined, ctx: shadchan})));
      expect(read).toMatchObject({defaultLanguage: language});
    }
  });

  test('nobody else may set it, whatever their permissions; nothing is written', async () => {
    const manager = await makeUser(sql, 'coordinator', ['editShadchanim', 'addShadchanim', 'usersLog']);
    for (const ctx of [shadchan, manager]) {
      await expect(mutate(ctx, 'site.update', {defaultLanguage: 'en'})).rejects.toMatchObject({details: {code: 'forbidden'}});
    }
    expect(await siteRow()).toMatchObject({default_language: 'he'});
  });

  test('a language outside he/en/de/ru, or not a string, is refused; nothing is written', async () => {
    for (const defaultLanguage of ['fr', 'EN', '', null, 1, ['en']]) {
      await expect(mutate(admin, 'site.update', {defaultLanguage} as ReadonlyJSONObject)).rejects.toMatchObject({
        details: {code: 'invalidInput'},
      });
    }
    // One bad key spoils the whole change: the valid switch beside it is not written either.
    await expect(mutate(admin, 'site.update', {forum: false, defaultLanguage: 'fr'})).rejects.toMatchObject({
      details: {code: 'invalidInput'},
    });
    expect(await siteRow()).toEqual({maintenance: false, idea_bank: true, forum: true, default_language: 'he'});
  });

  test('the database itself refuses an unknown language', async () => {
    await expect(sql`UPDATE site_setting SET default_language = 'fr'`).rejects.toThrow(/check/);
    expect(await siteRow()).toMatchObject({default_language: 'he'});
  });
});
